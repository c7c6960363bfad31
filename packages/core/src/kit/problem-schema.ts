import { z } from 'zod';

export const ProblemSchema = z
  .object({
    type: z.string().meta({ example: 'urn:problem:validation_failed' }),
    title: z.string().meta({ example: 'Request validation failed' }),
    status: z.number().int().meta({ example: 400 }),
    detail: z.string().meta({ example: '/value: is required (expected unknown)' }),
    code: z.string().meta({ example: 'validation_failed' }),
    request_id: z.string().meta({ example: '5f0c6a43-31a4-4a4e-9f1e-0d9f5b5bbd2e' }),
    errors: z
      .array(
        z.object({
          path: z
            .string()
            .meta({ description: 'JSON Pointer (RFC 6901) of the offending value', example: '/value' }),
          code: z.string(),
          message: z.string(),
        }),
      )
      .optional()
      .meta({ description: 'The offending fields (at most 20; `errors_total` then counts them all)' }),
    errors_total: z.number().int().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });
