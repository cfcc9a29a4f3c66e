import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf, ApiError } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format.ts';
import { KEEP_UPLOAD } from '../../../lib/upload-file.ts';
import { uploadScanResumable } from '../api/upload-scan.ts';
import { scanKeys } from '../api/keys.ts';

export type UploadState = 'waiting' | 'uploading' | 'retrying' | 'done' | 'failed' | 'cancelled' | 'refused';

export interface UploadItem {
  id: number;
  file: File;
  state: UploadState;
  /** Bytes the server has (or is receiving). */
  sent: number;
  /** Bytes per second over the last interval, once measurable. */
  speed: number | null;
  scanId: number | null;
  error: string | null;
}

/** How many files travel at once; the rest wait their turn. */
const PARALLEL = 3;
/** The speed is measured over at least this long, so it does not jitter with every event. */
const SPEED_WINDOW_MS = 700;

/**
 * The files chosen or dropped on the upload page, each sent resumably into `groupId` with its own
 * progress, speed, cancel and retry; files above `limit` are refused before anything is sent.
 */
export function useUploadQueue(groupId: number, limit: number | undefined, options: { chunkSize?: number } = {}) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  // The scheduler decides from the latest list, not the last render's.
  const latest = useRef<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);
  const settings = useRef({ groupId, chunkSize: options.chunkSize });
  useEffect(() => {
    settings.current = { groupId, chunkSize: options.chunkSize };
  }, [groupId, options.chunkSize]);

  const change = useCallback((next: (current: UploadItem[]) => UploadItem[]) => {
    latest.current = next(latest.current);
    setItems(latest.current);
  }, []);
  const update = useCallback(
    (id: number, values: Partial<UploadItem>) => change((current) => current.map((item) => (item.id === id ? { ...item, ...values } : item))),
    [change],
  );

  const pump = useCallback(() => {
    const run = (): void => {
      const active = latest.current.filter((item) => item.state === 'uploading' || item.state === 'retrying').length;
      const waiting = latest.current.filter((item) => item.state === 'waiting').slice(0, Math.max(0, PARALLEL - active));
      for (const item of waiting) {
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        update(item.id, { state: 'uploading', error: null, speed: null });
        let sample = { at: performance.now(), sent: 0 };
        const { groupId: group, chunkSize } = settings.current;
        uploadScanResumable({
          groupId: group,
          file: item.file,
          signal: controller.signal,
          ...(chunkSize ? { chunkSize } : {}),
          onProgress: ({ sent, retrying }) => {
            const now = performance.now();
            const values: Partial<UploadItem> = {
              sent,
              state: retrying ? 'retrying' : 'uploading',
            };
            if (retrying) values.speed = null;
            else if (now - sample.at >= SPEED_WINDOW_MS) {
              values.speed = Math.max(0, ((sent - sample.sent) * 1000) / (now - sample.at));
              sample = { at: now, sent };
            } else if (sent < sample.sent) sample = { at: now, sent };
            update(item.id, values);
          },
        })
          .then(
            (scanId) => {
              update(item.id, {
                state: 'done',
                sent: item.file.size,
                scanId,
                speed: null,
              });
              void queryClient.invalidateQueries({
                queryKey: scanKeys.lists(),
              });
            },
            (error: unknown) => {
              if (controller.signal.aborted) update(item.id, { state: 'cancelled', speed: null });
              else
                update(item.id, {
                  state: 'failed',
                  speed: null,
                  error: error instanceof ApiError ? messageOf(error.body) : 'The upload failed. Please try again.',
                });
            },
          )
          .finally(() => {
            controllers.current.delete(item.id);
            if (controller.signal.reason !== KEEP_UPLOAD) run();
          });
      }
    };
    run();
  }, [queryClient, update]);

  // Leaving the page stops what is still travelling; the server keeps the parts for a day.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort(KEEP_UPLOAD);
    };
  }, []);

  const add = useCallback(
    (files: File[]) => {
      change((current) => [
        ...current,
        ...files.map((file): UploadItem => {
          const tooLarge = limit !== undefined && file.size > limit;
          return {
            id: nextId.current++,
            file,
            state: tooLarge ? 'refused' : 'waiting',
            sent: 0,
            speed: null,
            scanId: null,
            error: tooLarge ? `Larger than the upload limit of ${formatBytes(limit)}.` : null,
          };
        }),
      ]);
      pump();
    },
    [change, limit, pump],
  );

  const cancel = useCallback(
    (id: number) => {
      const controller = controllers.current.get(id);
      if (controller) controller.abort();
      else update(id, { state: 'cancelled' });
    },
    [update],
  );

  const retry = useCallback(
    (id: number) => {
      update(id, { state: 'waiting', error: null });
      pump();
    },
    [pump, update],
  );

  return { items, add, cancel, retry };
}
