import { LANGUAGES, type Language } from '@/domain/i18n/languages';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

/** A page's language, each named in English and in itself (German · Deutsch), with a line of help. */
export function LanguageSelect({
  id,
  label,
  hint,
  value,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: Language;
  disabled?: boolean;
  onChange: (language: Language) => void;
}) {
  return (
    <div className="grid gap-1.5 sm:max-w-sm">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as Language)} disabled={disabled}>
        <SelectTrigger id={id} aria-describedby={`${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGES.map((language) => (
            <SelectItem key={language.code} value={language.code}>
              {language.name === language.native ? language.name : `${language.name} · `}
              {language.name !== language.native && (
                <span lang={language.code} dir={language.dir}>
                  {language.native}
                </span>
              )}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {hint}
      </p>
    </div>
  );
}
