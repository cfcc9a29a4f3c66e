import { Skeleton } from '@mantine/core';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

interface QrCodeProps {
  value: string;
  label: string;
  size?: number;
}

/** `value` as a QR code, drawn as SVG (no canvas), shown as an image. */
export function QrCode({ value, label, size = 200 }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrSvg(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [value]);
  if (!src) return <Skeleton width={size} height={size} />;
  return <img src={src} alt={label} width={size} height={size} style={{ background: 'white', borderRadius: 4 }} />;
}
