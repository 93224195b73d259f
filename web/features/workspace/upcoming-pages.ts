/**
 * The merchant pages whose content arrives with later parts of the product. Each says plainly what it
 * will hold, so a person who opens it is never left guessing.
 */
export interface UpcomingPage {
  path: string;
  title: string;
  summary: string;
  coming: string[];
}

export const UPCOMING_PAGES: UpcomingPage[] = [
  {
    path: '/payments',
    title: 'Payments',
    summary: 'Every card and Lightning payment taken by agents on your behalf, with filters.',
    coming: ['Filter by method and status', 'Provider invoice ids and Lightning payment requests'],
  },
];
