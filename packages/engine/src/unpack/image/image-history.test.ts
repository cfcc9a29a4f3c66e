import { describe, expect, it } from 'vitest';
import { layerHistory } from './image-history.ts';

describe('layerHistory', () => {
  it('pairs the steps that wrote a layer with the layers in order, leaving out empty_layer steps', () => {
    const config = {
      history: [
        { created: '2024-05-01T10:00:00Z', created_by: '/bin/sh -c #(nop) ADD file:4d2a in / ' },
        { created: '2024-05-01T10:00:01Z', created_by: '/bin/sh -c #(nop)  CMD ["bash"]', empty_layer: true },
        { created: '2024-05-02T08:30:00Z', created_by: 'RUN /bin/sh -c apt-get install -y curl # buildkit', comment: 'buildkit.dockerfile.v0' },
        { created_by: 'ENV PATH=/opt/bin', empty_layer: true },
      ],
    };
    expect(layerHistory(config, 2)).toEqual([
      { created: '2024-05-01T10:00:00Z', createdBy: '/bin/sh -c #(nop) ADD file:4d2a in / ' },
      { created: '2024-05-02T08:30:00Z', createdBy: 'RUN /bin/sh -c apt-get install -y curl # buildkit', comment: 'buildkit.dockerfile.v0' },
    ]);
  });

  it('gives layers the history does not reach an empty entry and leaves out steps beyond the last layer', () => {
    expect(layerHistory({ history: [{ created_by: 'ADD a /' }] }, 3)).toEqual([{ createdBy: 'ADD a /' }, {}, {}]);
    expect(layerHistory({ history: [{ created_by: 'ADD a /' }, { created_by: 'ADD b /' }] }, 1)).toEqual([{ createdBy: 'ADD a /' }]);
  });

  it('is undefined without a history, and skips entries and fields of the wrong type', () => {
    expect(layerHistory({ architecture: 'amd64' }, 1)).toBeUndefined();
    expect(layerHistory(null, 1)).toBeUndefined();
    expect(layerHistory({ history: 'RUN x' }, 1)).toBeUndefined();
    expect(layerHistory({ history: ['RUN x', 7, null, { created_by: 42, created: '', comment: ['x'] }, { created_by: 'COPY . /app' }] }, 2)).toEqual([{}, { createdBy: 'COPY . /app' }]);
  });

  it('cuts a very long step, never inside a surrogate pair', () => {
    const [long] = layerHistory({ history: [{ created_by: `RUN ${'x'.repeat(4090)}😀😀` }] }, 1) ?? [];
    expect(long?.createdBy).toBe(`RUN ${'x'.repeat(4090)}…`);
    expect(long?.createdBy?.length).toBe(4095);
  });
});
