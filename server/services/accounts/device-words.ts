import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import { DEVICE_ON, UNKNOWN_DEVICE } from "#common/devices.ts";

/**
 * A device's few words (common/devices.ts describeDevice: "Chrome on Windows", "Unknown device") in
 * a person's language: the browser's and the system's names stay, the words around them are
 * translated. One wording for the account page's sessions and the new-device security e-mail.
 */
export function deviceInWords(i18n: I18n, device: string): string {
  if (device === UNKNOWN_DEVICE) return i18n._(msg`Unknown device`);
  const [browser = device, system] = device.split(DEVICE_ON);
  return system ? i18n._(msg`${{ browser }} on ${{ system }}`) : device;
}
