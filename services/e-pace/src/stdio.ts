#!/usr/bin/env node
// The service's MCP tools over stdio for desktop clients (docs/conventions.md §13; README "Desktop clients").
import { runStdio } from '@dus/core';
import { createApp, SERVICE } from './app.js';

await runStdio({ ...SERVICE, createApp });
