// Composition root of the Electron main process (to be written).
export {};
