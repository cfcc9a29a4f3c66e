// Detector `image-metadata` (spec kind "image metadata", `image_data`): a JPEG, PNG or TIFF
// whose EXIF, XMP or PNG text says where (GPS), by whom (artist, creator, owner, copyright)
// or with which device (make, model, body serial) it was taken. One finding per file; tool
// names alone (Software, CreatorTool) are not a leak. Structural, not a string pattern, so it
// lives beside the registry and scanBytes calls it.
import type { InfoleakFinding } from '../../model/index.ts';
import { type ImageFields, isLeak, mergeFields, summarise, toDetails } from './fields.ts';
import { imageFormat, type MetadataBlock, metadataBlocks } from './metadata-blocks.ts';
import { readTiffFields } from './tiff-ifd.ts';
import { readXmpFields } from './xmp.ts';

export const IMAGE_METADATA_DETECTOR = 'image-metadata';

/** PNG text keywords (PNG 1.2 §11.3.4.2) that name a person or a device. */
const PNG_KEYWORDS: Readonly<Record<string, keyof ImageFields>> = {
  Author: 'artist',
  Copyright: 'copyright',
  Source: 'model',
  Software: 'software',
};

export function imageMetadataFinding(bytes: Buffer, path: string[]): InfoleakFinding | undefined {
  const format = imageFormat(bytes);
  if (!format) return undefined;
  const fields: ImageFields = {};
  const read: MetadataBlock[] = [];
  for (const block of metadataBlocks(bytes, format)) {
    const found = blockFields(block);
    if (Object.keys(found).length === 0) continue;
    mergeFields(fields, found);
    read.push(block);
  }
  if (!isLeak(fields) || read.length === 0) return undefined;
  const first = read[0];
  return {
    kind: 'image_data',
    detector: IMAGE_METADATA_DETECTOR,
    path,
    offset: first?.offset ?? 0,
    value: summarise(fields),
    context: `${format.toUpperCase()} ${read.map((b) => `${b.type === 'text' ? `${b.from} ${b.keyword ?? ''}` : `${b.type.toUpperCase()} in ${b.from}`} at ${b.offset}`).join(', ')}`,
    details: { format, ...toDetails(fields) },
  };
}

function blockFields(block: MetadataBlock): ImageFields {
  if (block.type === 'xmp') return readXmpFields(block.data.toString('utf8'));
  if (block.type === 'exif') {
    const { fields, xmp } = readTiffFields(block.data);
    if (xmp) mergeFields(fields, readXmpFields(xmp.toString('utf8')));
    return fields;
  }
  const field = PNG_KEYWORDS[block.keyword ?? ''];
  const text = block.data.toString('latin1').replace(/\s+/g, ' ').trim().slice(0, 200);
  if (!field || !text || field === 'latitude' || field === 'longitude' || field === 'altitude') return {};
  return { [field]: text };
}
