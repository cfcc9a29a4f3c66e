// Wi-Fi pre-shared keys: wpa_supplicant `psk="…"` (8-63 characters) or 64-hex raw PSKs,
// hostapd `wpa_passphrase=`, NetworkManager `psk=` in [wifi-security]. The SSID nearby
// goes into details.
import type { InfoleakDetector } from '../types.ts';

export const WIFI_PSK: InfoleakDetector = {
  name: 'wifi-psk',
  kind: 'passwords',
  version: 1,
  keywords: ['psk=', 'wpa_passphrase='],
  // network={ ssid="HomeNet" psk="correct horse battery" } ; wpa_passphrase=Sunny-Day-42
  pattern: /^\s*(?:psk|wpa_passphrase)=(?:"([^"\r\n]{8,63})"|([0-9a-fA-F]{64})(?![0-9A-Za-z])|([^\s"#]{8,63}))/gm,
  secret: true,
  validate: (m) => {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    const ssid = /ssid="?([^"\r\n]{1,32})"?\s*$/m.exec(m.input.slice(Math.max(0, m.index - 300), m.index))?.[1];
    return { value, details: { format: m[2] ? 'raw-psk' : 'passphrase', ...(ssid ? { ssid } : {}) } };
  },
  samples: {
    positive: ['network={\n\tssid="HomeNet"\n\tpsk="correct horse battery"\n}', 'interface=wlan0\nssid=Office\nwpa_passphrase=Sunny-Day-42\n'],
    negative: ['network={\n\tpsk="short"\n}', 'key_mgmt=WPA-PSK', 'psk=$(cat /run/secret)'],
  },
};
