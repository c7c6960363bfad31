import { runService } from '@dus/core';
import { createApp, SERVICE } from './app.js';

await runService({ ...SERVICE, createApp });
