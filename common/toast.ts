import { z } from "zod";

export const toastMessageSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
  /** A link inside the toast to a page of this site (a path, never another origin). */
  link: z
    .object({
      href: z
        .string()
        .max(300)
        .regex(/^\/(?![/\\])/),
      label: z.string().max(100),
    })
    .optional(),
});

export type ToastMessage = z.infer<typeof toastMessageSchema>;

/** A toast on screen: its message and an id (one toast at a time; a new one replaces it). */
export type ActiveToast = ToastMessage & { id: number };
