// `node --import ./register.mjs out/main/index.js`: the built Electron main runs under plain Node with
// `electron` resolved to the stand-in beside this file, for the bundle and for every package it
// loads (electron-store imports electron too).
import { register } from 'node:module';

register('./resolve-electron.mjs', import.meta.url);
