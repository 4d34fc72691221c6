import { Link } from '@tanstack/react-router';

import { useCan } from '../../api/session';
import { Refusal } from '../../components/refusal';
import { PageHeader } from '../../resource/detail-frame';
import { SETTINGS_PAGES, SettingsNav } from './nav';

/** Settings: the pages this staff member may open, each with what it is for. */
export function SettingsScreen() {
  const can = useCan();
  const pages = SETTINGS_PAGES.filter((p) => can(p.permission));
  return (
    <>
      <PageHeader title="Settings" />
      <SettingsNav />
      {pages.length === 0 ? (
        <Refusal action="open any settings" />
      ) : (
        <ul className="grid max-w-3xl gap-3 md:grid-cols-2">
          {pages.map((p) => (
            <li key={p.to} className="rounded-md border border-slate-200 bg-white p-4">
              <Link to={p.to} className="font-medium text-blue-800 underline">
                {p.label}
              </Link>
              <p className="text-sm text-slate-700">{p.about}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
