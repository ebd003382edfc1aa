import { Suspense } from "react";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";

// The footer on every page. It is links and text only: its code is a chunk of its own, loaded
// after the page's first load, and the footer the server sent works as plain links until then
// (the document is sent whole, every Suspense boundary in place: see entry.server.tsx). React
// hydrates it when the chunk is there, without rendering anything else again.

const FooterContent = lazyWhenOnline(() => import("./footer-content.tsx"));

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <Suspense fallback={null}>
      <FooterContent siteName={siteName} />
    </Suspense>
  );
}
