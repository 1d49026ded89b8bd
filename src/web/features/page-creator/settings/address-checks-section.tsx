import { type AddressChecks, type FormConfig } from '@/domain/form-config';
import { addressChecksOf } from '@/domain/address-checks';
import { SwitchField } from '@/web/features/page-creator/editor/controls';

type AddressChecksSectionProps = {
  config: FormConfig;
  onChange: (patch: Partial<FormConfig>) => void;
};

const SWITCHES: { key: keyof AddressChecks; label: string; description: string }[] = [
  {
    key: 'typos',
    label: 'Suggest fixes for typos',
    description: 'A visitor who types gmial.com is asked whether they meant gmail.com before signing up.',
  },
  {
    key: 'deliverable',
    label: 'Refuse domains that can’t receive email',
    description: 'Addresses at a domain with no mail server are turned away with a message to check them.',
  },
  {
    key: 'disposable',
    label: 'Refuse disposable addresses',
    description: 'Throwaway inboxes (such as Mailinator) are turned away: visitors sign up with an address they keep.',
  },
];

/** "Email address checks": what a page checks of a visitor's address before storing it (docs/decisions/0086). */
export function AddressChecksSection({ config, onChange }: AddressChecksSectionProps) {
  const checks = addressChecksOf(config);
  return (
    <section aria-labelledby="creator-address-checks-heading" className="grid gap-4 border-t border-gray-200 pt-5">
      <h3 id="creator-address-checks-heading" className="text-base font-semibold text-gray-900">
        Email address checks
      </h3>
      {SWITCHES.map(({ key, label, description }) => (
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
