// Demo-world data: the acting user and a dozen others, two days of posts (some mentioning @app_owner,
// a reply chain, a quote), and who follows whom. seed.ts turns it into records.

import { DEFAULT_USER_ID } from './constants.js';
import type { NewUser } from './factory.js';

export type SeedUser = [
  id: string,
  username: string,
  name: string,
  followers: number,
  extra?: Partial<NewUser>,
];

export const USERS: SeedUser[] = [
  [
    DEFAULT_USER_ID,
    'app_owner',
    'App Owner',
    1180,
    {
      description: 'Building a self-hosted composer. Posts about TypeScript, automation and shipping.',
      location: 'Lisbon',
      url: 'https://example.com',
    },
  ],
  [
    '1001',
    'dana_devrel',
    'Dana Ruiz',
    58_200,
    { verified: true, description: 'DevRel. Docs are a product.' },
  ],
  ['1002', 'sam_codes', 'Sam Okafor', 3_400, { description: 'TypeScript all day.' }],
  ['1003', 'growth_gina', 'Gina Park', 12_900, { description: 'Growth experiments, shared weekly.' }],
  ['1004', 'indie_ian', 'Ian Brooks', 870, { description: 'Indie hacker.' }],
  ['1005', 'technews_daily', 'Tech News Daily', 1_240_000, { verified: true, description: 'Tech news.' }],
  ['1006', 'priya_builds', 'Priya Nair', 24_500, { description: 'Building in public.' }],
  ['1007', 'lurker_lou', 'Lou', 12],
  ['1008', 'private_pat', 'Pat', 310, { protected: true, description: 'Protected account.' }],
  ['1009', 'ml_maria', 'Maria Rossi', 41_000, { description: 'Small models, good retrieval.' }],
  ['1010', 'design_dan', 'Dan Lee', 6_700, { description: 'Design systems.' }],
  ['1011', 'startup_sara', 'Sara Kim', 150_000, { verified: true, description: 'Founder.' }],
  ['1012', 'rust_rob', 'Rob Meyer', 2_100, { description: 'Rust and CLIs.' }],
];

/** `at` = minutes ago; `replyTo`/`quotes` = index of an earlier entry; likes/views = pretend engagement. */
export interface SeedPost {
  at: number;
  by: string;
  text: string;
  replyTo?: number;
  quotes?: number;
  likes?: number;
  views?: number;
}

export const POSTS: SeedPost[] = [
  {
    at: 2880,
    by: '1005',
    likes: 840,
    views: 98000,
    text: 'Weekly roundup: the state of TypeScript tooling https://example.com/ts-roundup',
  },
  {
    at: 2700,
    by: '1000',
    likes: 42,
    views: 3100,
    text: 'Shipping a self-hosted composer for scheduling posts. Build in public, day 1.',
  },
  {
    at: 2650,
    by: '1002',
    replyTo: 1,
    likes: 3,
    views: 210,
    text: '@app_owner love this! Are you using SQLite for the queue?',
  },
  {
    at: 2600,
    by: '1000',
    replyTo: 2,
    likes: 5,
    views: 380,
    text: '@sam_codes yes, SQLite in WAL mode. Boring tech wins.',
  },
  {
    at: 2400,
    by: '1009',
    likes: 120,
    views: 9000,
    text: 'Evaluating small language models for drafting replies. Latency matters more than you think.',
  },
  {
    at: 2200,
    by: '1006',
    likes: 310,
    views: 21000,
    text: 'Automation tip: never auto-reply without a human approval step. #buildinpublic',
  },
  { at: 2000, by: '1001', likes: 560, views: 40000, text: 'Docs are a product. Treat them like one.' },
  {
    at: 1800,
    by: '1011',
    likes: 2300,
    views: 180000,
    text: 'Founders: distribution beats features. Every single time.',
  },
  {
    at: 1700,
    by: '1003',
    likes: 88,
    views: 7700,
    text: 'Growth experiment: posting at 9am vs 5pm. Results below.',
  },
  {
    at: 1690,
    by: '1003',
    replyTo: 8,
    likes: 61,
    views: 5200,
    text: 'Result: 9am posts got 31% more impressions over four weeks.',
  },
  {
    at: 1500,
    by: '1000',
    likes: 27,
    views: 1900,
    text: 'Today: rate-limit aware posting. Backing off on 429s and respecting x-rate-limit-reset.',
  },
  {
    at: 1450,
    by: '1012',
    replyTo: 10,
    likes: 2,
    views: 150,
    text: '@app_owner have you considered a token bucket per endpoint?',
  },
  {
    at: 1300,
    by: '1004',
    likes: 64,
    views: 2800,
    text: 'Shipped my first indie app this week. Thanks everyone who tested it!',
  },
  { at: 1200, by: '1010', likes: 150, views: 8800, text: 'Design systems are mostly about naming things.' },
  {
    at: 1100,
    by: '1005',
    likes: 1900,
    views: 250000,
    text: 'Breaking: major platform announces API pricing changes https://example.com/api-pricing',
  },
  { at: 1000, by: '1008', likes: 4, views: 90, text: 'Private thoughts on the API pricing change.' },
  {
    at: 900,
    by: '1009',
    likes: 230,
    views: 15000,
    text: 'Small models plus good retrieval beat big models with no context. Fight me.',
  },
  {
    at: 800,
    by: '1002',
    likes: 95,
    views: 6400,
    text: 'TypeScript 7 native compiler is ridiculously fast. tsc --noEmit in under a second.',
  },
  {
    at: 700,
    by: '1000',
    likes: 33,
    views: 2500,
    text: 'TypeScript strict mode caught three bugs in my scheduler today. Worth it.',
  },
  {
    at: 650,
    by: '1006',
    likes: 1,
    views: 120,
    text: '@app_owner which scheduler library are you using for the calendar view?',
  },
  {
    at: 600,
    by: '1001',
    likes: 410,
    views: 30000,
    text: 'Hot take: every CLI should have a --dry-run flag.',
  },
  {
    at: 500,
    by: '1011',
    likes: 700,
    views: 60000,
    text: 'We are hiring engineers who like boring, reliable systems.',
  },
  { at: 420, by: '1007', views: 40, text: '@app_owner is the composer open source?' },
  { at: 400, by: '1000', quotes: 20, likes: 12, views: 900, text: 'Agreed, and a --yes flag for CI.' },
  {
    at: 360,
    by: '1004',
    likes: 48,
    views: 3000,
    text: 'Automation without guardrails is just a faster way to make mistakes.',
  },
  {
    at: 300,
    by: '1005',
    likes: 520,
    views: 70000,
    text: 'Report: developer tool adoption up 18% this quarter https://example.com/report',
  },
  {
    at: 240,
    by: '1003',
    likes: 22,
    views: 1800,
    text: 'Question for builders: how do you pick what to post about each day?',
  },
  { at: 200, by: '1012', likes: 18, views: 1100, text: 'Rust or TypeScript for a CLI? Asking for a friend.' },
  {
    at: 150,
    by: '1009',
    likes: 6,
    views: 400,
    text: '@app_owner @dana_devrel would love your thoughts on LLM drafted replies.',
  },
  {
    at: 120,
    by: '1010',
    likes: 77,
    views: 4900,
    text: 'New icon set dropped. Free for open source projects.',
  },
  {
    at: 90,
    by: '1006',
    likes: 640,
    views: 41000,
    text: 'Building in public week 12: 1,200 signups, 80 paying customers. #buildinpublic',
  },
  {
    at: 60,
    by: '1001',
    likes: 130,
    views: 9900,
    text: 'Reminder: write the changelog before you ship, not after.',
  },
  {
    at: 45,
    by: '1000',
    likes: 9,
    views: 700,
    text: 'Working on media uploads: chunked video, status polling, the works.',
  },
  {
    at: 30,
    by: '1004',
    replyTo: 32,
    likes: 1,
    views: 60,
    text: '@app_owner chunked uploads are a pain, good luck!',
  },
  {
    at: 10,
    by: '1011',
    likes: 45,
    views: 5000,
    text: 'What is one tool you could not work without? Mine: a good scheduler.',
  },
];

export const FOLLOWS: Array<[string, string]> = [
  ['1000', '1001'],
  ['1000', '1002'],
  ['1000', '1005'],
  ['1000', '1006'],
  ['1000', '1009'],
  ['1000', '1011'],
  ['1002', '1000'],
  ['1003', '1000'],
  ['1004', '1000'],
  ['1006', '1000'],
  ['1007', '1000'],
  ['1010', '1000'],
  ['1012', '1000'],
  ['1001', '1006'],
  ['1002', '1001'],
  ['1009', '1001'],
  ['1011', '1005'],
  ['1004', '1006'],
];
