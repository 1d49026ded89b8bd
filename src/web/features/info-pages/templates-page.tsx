import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function TemplatesPage() {
  return (
    <InfoPageLayout
      title="Templates"
      description="Start from a proven design for lead generation, ebook delivery, newsletters or webinars."
    >
      <Prose>
        <p>
          Every template is built to convert: a clear headline, a short form and a strong call to action. Pick the one closest to
          your offer, then change the copy, fields and colours to make it yours.
        </p>
        <p>
          Prefer a blank canvas? <Link to="/page-creator">Create a form from scratch</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
