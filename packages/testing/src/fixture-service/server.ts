// The bounded-work fixture served by the production server: `node dist/fixture-service/server.js`.
import { runService } from '@dus/core';
import { createApp, SERVICE } from './app.js';

await runService({ ...SERVICE, createApp });
