import { useDocumentTitle } from '@/web/lib/use-document-title';
import { ClosingCta } from './closing-cta';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { WhyChooseSection } from './why-choose-section';

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <HeroSection />
      <WhyChooseSection />
      <HowItWorksSection />
      <ClosingCta />
    </>
  );
}
