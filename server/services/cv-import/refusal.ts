// Why a file was not imported. Thrown inside the worker thread and carried back as plain data,
// then turned into the service's typed error (413, 415 or 400) by the caller.

export type RefusalKind = "too-large" | "too-many-pages" | "unsupported" | "unreadable" | "too-slow" | "too-big";

export class ImportRefused extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.name = "ImportRefused";
    this.kind = kind;
  }
}
