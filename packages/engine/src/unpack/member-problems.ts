// A filesystem walk extracts member after member: one member's damage is a located
// warning, and the walk goes on with the next.
import { memberLocation } from './safe-fs.ts';
import { type ExtractContext, FormatError } from './types.ts';

/** Runs one member's extraction; a FormatError becomes a warning located at the member (or where the error says). */
export async function extractMemberOrWarn(ctx: Pick<ExtractContext, 'location' | 'report'>, path: string, extract: () => Promise<void>): Promise<void> {
  try {
    await extract();
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    ctx.report({ level: 'warning', location: err.location ?? memberLocation(ctx.location, path), code: err.code, message: err.message });
  }
}
