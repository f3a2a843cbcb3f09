import QRCode from 'qrcode';
import { joinUrl } from '../../shared/event/join-link.ts';

/** One slip of the printable join sheet: a contestant, their code, their link and its QR code. */
export interface JoinSlip {
  readonly id: string;
  readonly name: string;
  readonly code: string;
  readonly url: string;
  /** The QR code of `url` as an `<img>` source (an SVG data URL). */
  readonly qr: string;
}

/**
 * The join sheet's slips for the contestants whose codes are known (`codes` by contestant id), their
 * links on the server at `origin`. QR codes at error correction M: still read when a slip is creased.
 */
export async function joinSlips(
  contestants: readonly { readonly id: string; readonly name: string }[],
  codes: Readonly<Record<string, string>>,
  origin: string,
): Promise<JoinSlip[]> {
  const slips: JoinSlip[] = [];
  for (const c of contestants) {
    const code = codes[c.id];
    if (code === undefined) continue;
    const url = joinUrl(origin, code);
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    slips.push({ id: c.id, name: c.name, code, url, qr: `data:image/svg+xml,${encodeURIComponent(svg)}` });
  }
  return slips;
}
