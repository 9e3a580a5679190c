import type { QrMatrix } from '../../../shared/bridge';

const QUIET_ZONE = 4;

/** Dark modules as one path of unit squares: crisp at any size, cheap to draw. */
export function qrPath(qr: QrMatrix): string {
  let d = '';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.modules.charAt(y * qr.size + x) === '1') d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return d;
}

export function QrCode({ qr, label, className }: { qr: QrMatrix; label: string; className?: string }) {
  const side = qr.size + QUIET_ZONE * 2;
  return (
    <svg
      className={`qr ${className ?? ''}`}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-modules={qr.size}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrPath(qr)} fill="#000" />
    </svg>
  );
}
