/**
 * ROI `/analytics/roi`: a calculator of the product's yearly gains against its yearly cost.
 * Every input lives in the address, so a scenario is shared by sharing the link. Signed in, the
 * volumes (calls, handle time saved, repeats and non-compliant calls avoided, evaluations
 * automated, analysis cost) start from the organisation's last 90 days; signed out, the visitor
 * types their own. The formula is metrics' one ROI rule; each figure says how it was computed.
 */
import { lastDays, useQuery, QueryState } from '../../data/index.ts';
import '../../ui/analytics.css';
import { currencyOf } from '../../ui/screen-parts.tsx';
import { SignInCard, useSignedIn } from '../../ui/sign-in-gate.tsx';
import { RoiCalculator } from './roi/calculator.tsx';
import { DATA_DAYS, dataDefaults } from './roi/data-defaults.ts';
import { exampleScenario } from './roi/fields.ts';
import './roi/roi.css';

const PURPOSE =
  'Signed in, the volumes start from your organisation’s calls: handle time, repeat calls and compliance against your best vendor, the QA evaluations analysts score by hand, and the cost of analysis, over the last 90 days scaled to a year.';

export default function ReturnOnInvestment() {
  const signedIn = useSignedIn();
  return (
    <div className="an-screen">
      {signedIn ? (
        <DataBackedCalculator />
      ) : (
        <>
          <RoiCalculator
            defaults={exampleScenario()}
            how={{}}
            currency="USD"
            volumesNote="Example volumes: type your own. Figures from your organisation’s calls need sign-in."
          />
          <SignInCard purpose={PURPOSE} />
        </>
      )}
    </div>
  );
}

function DataBackedCalculator() {
  const facts = useQuery(async (s) => {
    const [info, catalog] = await Promise.all([s.info(), s.catalog()]);
    const filters = lastDays(info.range.to, DATA_DAYS);
    const [vendors, evaluations] = await Promise.all([
      s.aggregate({ filters, by: 'vendor' }),
      s.evaluations({ filters, source: ['human', 'calibration'], limit: 1 }),
    ]);
    return {
      vendors,
      manualEvaluations: evaluations.total,
      agents: catalog.agents.length,
      days: DATA_DAYS,
      currency: currencyOf(catalog),
      filters,
    };
  }, []);
  return (
    <QueryState query={facts} label="your organisation’s volumes" isEmpty={() => false}>
      {(f) => {
        const derived = dataDefaults(f);
        return (
          <RoiCalculator
            defaults={{ ...exampleScenario(), ...derived.values }}
            how={derived.how}
            drill={derived.drill}
            currency={f.currency}
            volumesNote={`From your organisation’s calls over the last ${f.days} days, scaled to a year. Change any of them; the address keeps what you change.`}
          />
        );
      }}
    </QueryState>
  );
}
