import * as migration_20261122_154509_initial from './20261122_154509_initial';
import * as migration_20261122_161601_forms from './20261122_161601_forms';
import * as migration_20261123_144651_mail_queue from './20261123_144651_mail_queue';
import * as migration_20261123_151656_booking from './20261123_151656_booking';
import * as migration_20261123_153858_booking_calendar from './20261123_153858_booking_calendar';
import * as migration_20261123_182646_booking_admin from './20261123_182646_booking_admin';
import * as migration_20261123_184526_page_copy from './20261123_184526_page_copy';
import * as migration_20261123_192502_about_page from './20261123_192502_about_page';
import * as migration_20261123_194118_page_copy_more from './20261123_194118_page_copy_more';
import * as migration_20261123_215819_brand_and_mail_texts from './20261123_215819_brand_and_mail_texts';
import * as migration_20261123_222646_subscriber_inbox from './20261123_222646_subscriber_inbox';
import * as migration_20261124_015202_no_login_lockout from './20261124_015202_no_login_lockout';
import * as migration_20261124_024209_two_step_login from './20261124_024209_two_step_login';
import * as migration_20261125_115515_mail_sealed_links from './20261125_115515_mail_sealed_links';
import * as migration_20261125_124219_first_account from './20261125_124219_first_account';

export const migrations = [
  {
    up: migration_20261122_154509_initial.up,
    down: migration_20261122_154509_initial.down,
    name: '20261122_154509_initial',
  },
  {
    up: migration_20261122_161601_forms.up,
    down: migration_20261122_161601_forms.down,
    name: '20261122_161601_forms',
  },
  {
    up: migration_20261123_144651_mail_queue.up,
    down: migration_20261123_144651_mail_queue.down,
    name: '20261123_144651_mail_queue',
  },
  {
    up: migration_20261123_151656_booking.up,
    down: migration_20261123_151656_booking.down,
    name: '20261123_151656_booking',
  },
  {
    up: migration_20261123_153858_booking_calendar.up,
    down: migration_20261123_153858_booking_calendar.down,
    name: '20261123_153858_booking_calendar',
  },
  {
    up: migration_20261123_182646_booking_admin.up,
    down: migration_20261123_182646_booking_admin.down,
    name: '20261123_182646_booking_admin',
  },
  {
    up: migration_20261123_184526_page_copy.up,
    down: migration_20261123_184526_page_copy.down,
    name: '20261123_184526_page_copy',
  },
  {
    up: migration_20261123_192502_about_page.up,
    down: migration_20261123_192502_about_page.down,
    name: '20261123_192502_about_page',
  },
  {
    up: migration_20261123_194118_page_copy_more.up,
    down: migration_20261123_194118_page_copy_more.down,
    name: '20261123_194118_page_copy_more',
  },
  {
    up: migration_20261123_215819_brand_and_mail_texts.up,
    down: migration_20261123_215819_brand_and_mail_texts.down,
    name: '20261123_215819_brand_and_mail_texts',
  },
  {
    up: migration_20261123_222646_subscriber_inbox.up,
    down: migration_20261123_222646_subscriber_inbox.down,
    name: '20261123_222646_subscriber_inbox',
  },
  {
    up: migration_20261124_015202_no_login_lockout.up,
    down: migration_20261124_015202_no_login_lockout.down,
    name: '20261124_015202_no_login_lockout',
  },
  {
    up: migration_20261124_024209_two_step_login.up,
    down: migration_20261124_024209_two_step_login.down,
    name: '20261124_024209_two_step_login',
  },
  {
    up: migration_20261125_115515_mail_sealed_links.up,
    down: migration_20261125_115515_mail_sealed_links.down,
    name: '20261125_115515_mail_sealed_links',
  },
  {
    up: migration_20261125_124219_first_account.up,
    down: migration_20261125_124219_first_account.down,
    name: '20261125_124219_first_account'
  },
];
