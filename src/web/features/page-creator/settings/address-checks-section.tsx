import type { FormConfig } from '@/domain/form-config';
import { addressChecksOf } from '@/domain/address-checks';
import { ADDRESS_CHECK_SWITCHES } from '@/web/lib/page-check-words';
import { SwitchField } from '@/web/features/page-creator/editor/controls';

type AddressChecksSectionProps = {
  config: FormConfig;
  onChange: (patch: Partial<FormConfig>) => void;
};

/** "Email address checks": what a page checks of a visitor's address before storing it (docs/decisions/0086). */
export function AddressChecksSection({ config, onChange }: AddressChecksSectionProps) {
  const checks = addressChecksOf(config);
  return (
    <section aria-labelledby="creator-address-checks-heading" className="grid gap-4 border-t border-gray-200 pt-5">
      <h3 id="creator-address-checks-heading" className="text-base font-semibold text-gray-900">
        Email address checks
      </h3>
      {ADDRESS_CHECK_SWITCHES.map(({ key, label, description }) => (
        <SwitchField
          key={key}
          id={`creator-address-${key}`}
          label={label}
          description={description}
          checked={checks[key]}
          onCheckedChange={(on) => onChange({ addressChecks: { ...checks, [key]: on } })}
        />
      ))}
    </section>
  );
}
