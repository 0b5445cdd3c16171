import { withoutNul } from '@iot/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Every route's params, query and body through its zod schema, after the one rule no schema has to repeat: no NUL
 * character anywhere (PostgreSQL cannot store it and would answer 500 for a 400).
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: withoutNul(route.schema) });
