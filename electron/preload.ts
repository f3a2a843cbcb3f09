import { contextBridge, ipcRenderer } from 'electron';
import { buildJuryApi } from './preload-api.ts';

// The bridge: `window.jury` holds one named method per channel of the typed IPC contract
// (shared/ipc/contract.ts), built by preload-api.ts, plus the platform. Nothing generic crosses.
contextBridge.exposeInMainWorld('jury', { ...buildJuryApi(ipcRenderer), platform: process.platform });
