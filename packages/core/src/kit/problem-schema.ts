import { z } from '@hono/zod-openapi';

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: 'urn:problem:validation_failed' }),
    title: z.string().openapi({ example: 'Request validation failed' }),
    status: z.number().int().openapi({ example: 400 }),
    detail: z.string().openapi({ example: '/value: is required (expected unknown)' }),
    code: z.string().openapi({ example: 'validation_failed' }),
    request_id: z.string().openapi({ example: '5f0c6a43-31a4-4a4e-9f1e-0d9f5b5bbd2e' }),
    errors: z
      .array(
        z.object({
          path: z
            .string()
            .openapi({ description: 'JSON Pointer (RFC 6901) of the offending value', example: '/value' }),
          code: z.string(),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .catchall(z.unknown())
  .openapi('Problem', { description: 'RFC 9457 problem details' });
