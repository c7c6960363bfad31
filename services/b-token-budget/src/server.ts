import { runService } from '@dus/core';
import { createApp, SERVICE } from './app.js';
import { useCatalogFromEnv } from './catalog-env.js';

useCatalogFromEnv();
await runService({ ...SERVICE, createApp });
