import { contextBridge } from 'electron';

// The bridge grows named methods from the typed IPC contract (the desktop-app issue). For now it only
// tells the renderer which platform it runs on.
contextBridge.exposeInMainWorld('jury', { platform: process.platform });
