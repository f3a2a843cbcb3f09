import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildFilesApi, buildJuryApi } from './preload-api.ts';

// The bridge: `window.jury` holds one named method per channel of the typed IPC contract
// (shared/ipc/contract.ts), built by preload-api.ts, plus the platform. Nothing generic crosses.
// `window.juryFiles` gives the page the path of a file the user dropped (for adding a bot).
contextBridge.exposeInMainWorld('jury', { ...buildJuryApi(ipcRenderer), platform: process.platform });
contextBridge.exposeInMainWorld('juryFiles', buildFilesApi(webUtils));
