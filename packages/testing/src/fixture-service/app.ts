import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { operations } from './operations.js';

export const SERVICE = { name: 'fixture-bounded', version: '1.0.0', defaultPort: 0 } as const;

/** The fixture service's app: its pool workers load the built operations next to this file. */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'Bounded-work fixture',
      description: 'A slow, a memory-hungry and a cheap operation, for the bounded-work socket tests.',
      openapi: '3.1',
      operations,
      mcpInstructions: 'Call spin to busy-loop, hog to hold memory, echo to echo a text.',
      workerModule: new URL('./operations.js', import.meta.url),
    },
    config,
    options,
  );
}
