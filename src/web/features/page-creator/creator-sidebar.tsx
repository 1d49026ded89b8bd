import { CheckCircle2, LifeBuoy } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';

const TIPS = [
  { title: 'Clear title', text: 'Say exactly what visitors get in a few words.' },
  { title: 'Valuable content', text: 'Offer something your audience truly wants.' },
  { title: 'Minimal fields', text: 'Every extra field costs sign-ups: ask only for what you need.' },
  { title: 'Clear call to action', text: 'Tell visitors what happens when they submit.' },
  { title: 'Social proof', text: 'Mention readers, clients or results to build trust.' },
] as const;

/** docs/product.md#page-creator, the side panel: conversion tips and the 'Need Help?' box. */
export function CreatorSidebar() {
  return (
    <aside aria-label="Tips and help" className="grid content-start gap-6">
      <Card>
        <CardHeader className="pb-3">
          <h2 className="text-lg font-semibold text-gray-900">Conversion tips</h2>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {TIPS.map((tip) => (
              <li key={tip.title} className="flex gap-2.5 text-sm">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                <span className="text-gray-700">
                  <span className="font-semibold text-gray-900">{tip.title}:</span> {tip.text}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card className="border-indigo-100 bg-indigo-50/60">
        <CardHeader className="pb-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
            <LifeBuoy aria-hidden="true" className="size-5 text-indigo-600" />
            Need Help?
          </h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm text-gray-700">Our team can help you set up your page and get more sign-ups.</p>
          <Link to="/contact" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
            Contact Support
          </Link>
        </CardContent>
      </Card>
    </aside>
  );
}
