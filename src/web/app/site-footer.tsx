import { Link } from '@/web/lib/router';
import { FacebookIcon, LinkedInIcon, TwitterIcon } from '@/web/app/social-icons';
import { SiteLogo } from '@/web/app/site-logo';

const columns = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/templates', label: 'Templates' },
      { to: '/page-creator', label: 'Create Form' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/docs', label: 'Documentation' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/gdpr', label: 'GDPR Compliance' },
      { to: '/ccpa', label: 'CCPA Compliance' },
      { to: '/pdpa', label: 'PDPA (Singapore)' },
    ],
  },
] as const;

// Placeholders until the company has accounts: labelled images, neither links to nowhere nor
// buttons that do nothing, so keyboard users and crawlers never land on them.
const socials = [
  { label: 'Twitter', Icon: TwitterIcon },
  { label: 'LinkedIn', Icon: LinkedInIcon },
  { label: 'Facebook', Icon: FacebookIcon },
] as const;

export function SiteFooter() {
  return (
    <footer className="bg-gray-950 text-gray-300">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <SiteLogo tone="light" />
            <p className="mt-4 max-w-sm text-sm leading-6 text-gray-300">
              Landing pages that turn your lead magnets into subscribers, with conversion analytics and GDPR, CCPA and PDPA
              compliance built in.
            </p>
            <ul className="mt-6 flex gap-2">
              {socials.map(({ label, Icon }) => (
                <li key={label}>
                  <span
                    role="img"
                    aria-label={label}
                    title={`${label}: coming soon`}
                    className="grid size-9 place-items-center rounded-lg bg-white/5 text-gray-300"
                  >
                    <Icon className="size-4" />
                  </span>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-3">
            {columns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold tracking-wide text-white">{column.title}</h2>
                <ul className="mt-4 space-y-3">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="text-sm text-gray-300 transition-colors hover:text-white focus-visible:outline-indigo-300"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <div className="mt-12 border-t border-white/10 pt-8 text-sm text-gray-400">
          © {new Date().getFullYear()} Lodestone. All rights reserved.
        </div>
      </div>
    </footer>
  );
}
