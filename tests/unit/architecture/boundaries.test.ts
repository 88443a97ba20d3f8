/**
 * The linter enforces the architecture: a planted violation of each boundary is reported, and
 * the same code in a place where it is allowed is not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../scripts/manifest/paths.ts';

const eslint = new ESLint({ cwd: repoRoot });

async function problems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${file}` });
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', { timeout: 60_000 }, () => {
  it('a screen may not import the router, below a public face, or generated code', async () => {
    for (const [name, from] of [
      ['Link', 'react-router-dom'],
      ['navigate', '../../runtime/navigation.ts'],
      ['getAuthRuntime', '../../auth/runtime-instance.ts'],
      ['createEmbeddedSource', '../../data/engine/index.ts'],
      ['manifest', '../../generated/manifest.gen.ts'],
    ]) {
      const code = `import { ${name} } from '${from}';\nexport default ${name};\n`;
      expect(await problems(code, 'src/screens/area/planted.tsx'), from).toEqual([
        'no-restricted-imports',
      ]);
    }
    expect(
      await problems(
        "import { AppLink } from '../../runtime/index.ts';\nimport { useQuery } from '../../data/index.ts';\nexport default [AppLink, useQuery];\n",
        'src/screens/area/planted.tsx',
      ),
    ).toEqual([]);
  });

  it('the runtime never imports a screen; the data layer has no React outside its React folder', async () => {
    expect(
      await problems(
        "import Vendors from '../screens/performance/vendors.tsx';\nexport default Vendors;\n",
        'src/runtime/planted.ts',
      ),
    ).toEqual(['no-restricted-imports']);
    const react = "import { useState } from 'react';\nexport default useState;\n";
    expect(await problems(react, 'src/data/engine/planted.ts')).toEqual(['no-restricted-imports']);
    expect(await problems(react, 'src/data/react/planted.ts')).toEqual([]);
  });

  it('the domain is pure and its folders meet through their index', async () => {
    for (const [name, from] of [
      ['useState', 'react'],
      ['Vendors', '../../screens/performance/vendors.tsx'],
      ['AppLink', '../../runtime/index.ts'],
      ['startApiServer', '../../../server/index.ts'],
      ['redactTranscript', '../redaction/redact.ts'],
      ['evaluateRules', '../rules/evaluate.ts'],
      ['buildCast', '../../data/corpus/catalog.ts'],
      ['createEmbeddedSource', '../../data/engine/index.ts'],
      ['SOURCE_METHODS', '../../data/http/contract.ts'],
      ['createWorkerSource', '../../data/worker/client.ts'],
    ]) {
      const code = `import { ${name} } from '${from}';\nexport default ${name};\n`;
      expect(await problems(code, 'src/domain/ingest/planted.ts'), from).toEqual([
        'no-restricted-imports',
      ]);
    }
    const allowed =
      "import { redactTranscript } from '../redaction/index.ts';\nimport { evaluateRules } from '../rules/index.ts';\nimport { readTranscript } from '../../data/analysis/formats/detect.ts';\nexport default [redactTranscript, evaluateRules, readTranscript];\n";
    expect(await problems(allowed, 'src/domain/ingest/planted.ts')).toEqual([]);
  });

  it('product analysis takes its rules from the domain; the demo generator reads no engine', async () => {
    const corpus =
      "import { buildCast } from '../../corpus/catalog.ts';\nexport default buildCast;\n";
    expect(await problems(corpus, 'src/data/analysis/worker/planted.ts')).toEqual([
      'no-restricted-imports',
    ]);
    expect(await problems(corpus, 'src/data/rules/x/planted.ts')).toEqual([
      'no-restricted-imports',
    ]);
    // The live demo stream makes up calls, as the generator does.
    expect(await problems(corpus, 'src/data/analysis/live/demo-stream.ts')).toEqual([]);
    const domain =
      "import { defaultRules } from '../../../domain/rules/index.ts';\nexport default defaultRules;\n";
    expect(await problems(domain, 'src/data/analysis/worker/planted.ts')).toEqual([]);
    const engine =
      "import { createEmbeddedSource } from '../engine/index.ts';\nexport default createEmbeddedSource;\n";
    expect(await problems(engine, 'src/data/corpus/planted.ts')).toEqual(['no-restricted-imports']);
    // A later block must not drop the data layer's React rule.
    const react = "import { useState } from 'react';\nexport default useState;\n";
    expect(await problems(react, 'src/data/corpus/planted.ts')).toEqual(['no-restricted-imports']);
    expect(await problems(react, 'src/data/analysis/planted.ts')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('scripts import src only where declared', async () => {
    const code =
      "import { metricDefinitions } from '../../src/metrics/index.ts';\nexport default metricDefinitions;\n";
    expect(await problems(code, 'scripts/manifest/planted.ts')).toEqual(['no-restricted-imports']);
    expect(await problems(code, 'scripts/bench/planted.ts')).toEqual([]);
  });

  it('scripts import the API server through its public face', async () => {
    const below =
      "import { ApiService } from '../../server/service.ts';\nexport default ApiService;\n";
    const face =
      "import { startApiServer } from '../../server/index.ts';\nexport default startApiServer;\n";
    expect(await problems(below, 'scripts/dev/planted.ts')).toEqual(['no-restricted-imports']);
    expect(await problems(face, 'scripts/dev/planted.ts')).toEqual([]);
    const configFace =
      "import { loadDeploymentConfig } from '../../server/deployment-config/index.ts';\nexport default loadDeploymentConfig;\n";
    const belowConfigFace =
      "import { loadDeploymentConfig } from '../../server/deployment-config/load.ts';\nexport default loadDeploymentConfig;\n";
    expect(await problems(configFace, 'scripts/serve/planted.ts')).toEqual([]);
    expect(await problems(belowConfigFace, 'scripts/serve/planted.ts')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it("typescript-eslint's recommended rules apply everywhere", async () => {
    const code = 'import { join } from "node:path";\nexport const value: any = 1;\n';
    expect(await problems(code, 'server/planted.ts')).toEqual([
      '@typescript-eslint/no-unused-vars',
      '@typescript-eslint/no-explicit-any',
    ]);
    // A dropped property is named with a leading underscore on purpose.
    const drop =
      'export function rest(o: { a: 1; b: 2 }) {\n  const { a: _a, ...r } = o;\n  return r;\n}\n';
    expect(await problems(drop, 'src/data/planted.ts')).toEqual([]);
  });

  it('hooks follow the rules of hooks', async () => {
    const code =
      "import { useState } from 'react';\nexport function Bad(p: { on: boolean }) { if (p.on) { useState(0); } return null; }\n";
    expect(await problems(code, 'src/ui/planted.tsx')).toEqual(['react-hooks/rules-of-hooks']);
  });
});
