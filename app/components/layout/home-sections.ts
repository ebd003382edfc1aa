import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The home page's sections; the links work from every page (they lead to `/` and scroll there).
 * Opportunities (issue 32) sit beside Consultants, on their own page.
 */
export const HOME_SECTIONS: readonly { id: string; label: MessageDescriptor; to?: string }[] = [
  { id: "consultants", label: msg`Consultants` },
  { id: "opportunities", label: msg`Opportunities`, to: "/opportunities" },
  { id: "countries", label: msg`Countries` },
  { id: "specializations", label: msg`Specializations` },
  { id: "about", label: msg`About` },
];
