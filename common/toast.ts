import { z } from "zod";

export const toastMessageSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});

export type ToastMessage = z.infer<typeof toastMessageSchema>;
