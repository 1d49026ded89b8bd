import { useDocumentTitle } from '@/web/lib/use-document-title';
import { ClosingCta } from './closing-cta';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { WhyChooseSection } from './why-choose-section';

export function HomePage() {
  useDocumentTitle(
    undefined,
    'Lodestone builds landing pages that give away your lead magnet (a PDF, ebook, spreadsheet, image or audio file) in exchange for visitor details, with conversion analytics and GDPR, CCPA and PDPA compliance built in.',
  );
  return (
    <>
      <HeroSection />
      <WhyChooseSection />
      <HowItWorksSection />
      <ClosingCta />
    </>
  );
}
