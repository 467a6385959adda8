// The input of an operation that takes no fields (reads such as GET /api/settings): one shared object, so the
// generated dashboard client and the docs see the same schema wherever an operation takes nothing.
import { z } from 'zod';

export const EmptyInput = z.object({});
