import { z } from 'zod';
import { apiResourceMetaSchema } from './common';

/** The dashboard lists a saved view can belong to. */
export const SAVED_VIEW_LISTS = ['runs', 'events'] as const;
export const savedViewListSchema = z.enum(SAVED_VIEW_LISTS).meta({ id: 'SavedViewList' });
export type SavedViewList = z.infer<typeof savedViewListSchema>;

/** Most views one member may keep per list: the list of views stays short and bounded. */
export const MAX_SAVED_VIEWS_PER_LIST = 100;

const savedViewNameSchema = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(100, { message: 'Name must be at most 100 characters' });

/**
 * The list's URL query string without its `?` (its filter and column parameters): a view is
 * what the address bar holds, so opening one only sets the URL.
 */
const savedViewStateSchema = z
  .string()
  .max(4000, { message: 'The view holds too much: at most 4000 characters' })
  .refine((state) => !state.startsWith('?') && !/[\s#]/.test(state), {
    message: 'must be a URL query string without its ?',
  });

export const savedViewSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    list: savedViewListSchema,
    name: z.string(),
    state: z.string(),
    shared: z.boolean(),
    /** The member who saved it: only they rename, share or change it. */
    owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListResponseSchema = z
  .object({ rows: z.array(savedViewSchema) })
  .meta({ id: 'SavedViewListResponse' });

export const createSavedViewRequestSchema = z
  .object({
    list: savedViewListSchema,
    name: savedViewNameSchema,
    state: savedViewStateSchema,
    shared: z.boolean().default(false),
  })
  .meta({ id: 'CreateSavedViewRequest' });

export const updateSavedViewRequestSchema = z
  .object({
    name: savedViewNameSchema.optional(),
    state: savedViewStateSchema.optional(),
    shared: z.boolean().optional(),
  })
  .meta({ id: 'UpdateSavedViewRequest' });
export type UpdateSavedViewRequest = z.infer<typeof updateSavedViewRequestSchema>;
