// Mapbox secret tokens: `sk.` + a base64url JSON payload ({"u": user, "a": token id}) + `.`
// + 22 characters. The payload must decode to JSON with a user.
import { jsonPart, token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const MAPBOX_TOKEN: InfoleakDetector = {
  name: 'mapbox-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sk.eyj'],
  // sk.eyJ1IjoiY2FydG8iLCJhIjoiY2x4MXl6In0.Qm9xZkR2VnFwTjN3bEs4dg
  pattern: /\bsk\.(eyJ[0-9A-Za-z_-]{10,200})\.[0-9A-Za-z_-]{22}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => {
    const payload = jsonPart(m[1]);
    return typeof payload?.u === 'string' ? token(m[0], { user: payload.u }) : undefined;
  },
  samples: {
    // A made-up token ({"u":"carto","a":"clx1yz"}); never a real credential.
    positive: ['MAPBOX_SECRET=sk.eyJ1IjoiY2FydG8iLCJhIjoiY2x4MXl6In0.Qm9xZkR2VnFwTjN3bEs4dg'],
    negative: ['sk.eyJub3QganNvbg.Qm9xZkR2VnFwTjN3bEs4dg', 'sk.eyJhIjoiY2x4MXl6In0.Qm9xZkR2VnFwTjN3bEs4dg'],
  },
};
