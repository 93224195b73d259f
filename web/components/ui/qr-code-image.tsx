import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';

/**
 * The QR code as an SVG data URL, drawn in the browser by the `qrcode` library: the payment request never
 * leaves the page for an outside image service. Null until drawn (it takes a frame), or if drawing fails.
 */
function useQrCodeDataUrl(text: string): string | null {
  const [dataUrl, setDataUrl] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((svg) => {
        if (current) setDataUrl({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((err: unknown) => console.warn('The QR code could not be drawn', err));
    return () => {
      current = false;
    };
  }, [text]);
  return dataUrl?.text === text ? dataUrl.url : null;
}

/** A square QR code of `value`, with a placeholder of the same size while it is drawn. */
export function QrCodeImage({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const url = useQrCodeDataUrl(value);
  const box = cn('aspect-square w-full rounded-xl border border-slate-200 bg-white p-2', className);
  if (!url) return <Skeleton className={box} />;
  return <img src={url} alt={label} className={box} />;
}
