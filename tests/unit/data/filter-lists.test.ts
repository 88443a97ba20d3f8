/** Filter lists (the catalog's queues, brands, products, languages) are the values calls have now. */
import { describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../../src/data/engine/index.ts';
import type { CallFilters } from '../../../src/data/source.ts';

const all: CallFilters & { from: string; to: string } = { from: '2000-01-01', to: '2100-01-01' };

describe('filter lists after imports and undo (issue 38.4)', { timeout: 60_000 }, () => {
  it('a value an import brought is listed while calls have it and leaves with the undo', async () => {
    const source = createEmbeddedSource({ seed: 3, calls: 300 });
    const before = await source.catalog();
    const mapping = { callId: 'id', queue: 'queue', brand: 'brand' };
    const first = await source.importMetadata({
      fileName: 'a.csv',
      mapping,
      csv: 'id,queue,brand\ncall-000004,HFlowQueue,Nimbus\n',
    });
    const second = await source.importMetadata({
      fileName: 'b.csv',
      mapping,
      csv: 'id,queue,brand\ncall-000004,<script>x</script>,Nimbus\ncall-000009,HFlowBOM,Nimbus\n',
    });
    expect(first.applied && second.applied).toBe(true);
    const during = await source.catalog();
    // call-000004 moved on from HFlowQueue: no call has it, so no list offers it.
    expect(during.queues).not.toContain('HFlowQueue');
    expect(during.queues).toEqual(expect.arrayContaining(['<script>x</script>', 'HFlowBOM']));
    expect(during.brands).toContain('Nimbus');

    await source.undoMetadataImport(second.id);
    await source.undoMetadataImport(first.id);
    const after = await source.catalog();
    expect(after.queues).toEqual(before.queues);
    expect(after.brands).toEqual(before.brands);
  });

  it('every listed queue has calls, and every queue calls have is listed', async () => {
    const source = createEmbeddedSource({ seed: 3, calls: 300 });
    const mapping = { callId: 'id', queue: 'queue' };
    const kept = await source.importMetadata({
      fileName: 'kept.csv',
      mapping,
      csv: 'id,queue\ncall-000004,Overflow\n',
    });
    const undone = await source.importMetadata({
      fileName: 'undone.csv',
      mapping,
      csv: 'id,queue\ncall-000006,Weekend\n',
    });
    await source.undoMetadataImport(undone.id);
    expect(kept.applied).toBe(true);
    const { queues } = await source.catalog();
    const rows = (await source.aggregate({ filters: all, by: 'queue' })).rows;
    const withCalls = rows.filter((r) => r.metrics.calls > 0).map((r) => r.key);
    expect([...queues].sort()).toEqual([...withCalls].sort());
  });
});
