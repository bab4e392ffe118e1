import * as migration_20261122_154512_initial from './20261122_154512_initial';
import * as migration_20261122_161603_forms from './20261122_161603_forms';
import * as migration_20261123_144654_mail_queue from './20261123_144654_mail_queue';
import * as migration_20261123_151702_booking from './20261123_151702_booking';
import * as migration_20261123_153902_booking_calendar from './20261123_153902_booking_calendar';
import * as migration_20261123_182651_booking_admin from './20261123_182651_booking_admin';
import * as migration_20261123_184534_page_copy from './20261123_184534_page_copy';
import * as migration_20261123_192510_about_page from './20261123_192510_about_page';
import * as migration_20261123_194123_page_copy_more from './20261123_194123_page_copy_more';
import * as migration_20261123_215823_brand_and_mail_texts from './20261123_215823_brand_and_mail_texts';
import * as migration_20261123_222652_subscriber_inbox from './20261123_222652_subscriber_inbox';
import * as migration_20261124_015206_no_login_lockout from './20261124_015206_no_login_lockout';
import * as migration_20261124_024213_two_step_login from './20261124_024213_two_step_login';
import * as migration_20261125_115525_mail_sealed_links from './20261125_115525_mail_sealed_links';
import * as migration_20261125_124249_first_account from './20261125_124249_first_account';
import * as migration_20261125_212533_newsletter_sending from './20261125_212533_newsletter_sending';
import * as migration_20261126_002034_workshops_by_date from './20261126_002034_workshops_by_date';
import * as migration_20261126_002202_newsletter_archive from './20261126_002202_newsletter_archive';
import * as migration_20261126_004941_meeting_place from './20261126_004941_meeting_place';
import * as migration_20261126_005045_visits from './20261126_005045_visits';
import * as migration_20261126_005052_price_placeholders from './20261126_005052_price_placeholders';
import * as migration_20261126_010200_time_zone_chosen from './20261126_010200_time_zone_chosen';
import * as migration_20261126_010228_person_notes from './20261126_010228_person_notes';
import * as migration_20261126_014303_schema_after_merges from './20261126_014303_schema_after_merges';
import * as migration_20261126_042444_credit_ledger from './20261126_042444_credit_ledger';
import * as migration_20261126_061131_workshop_registration from './20261126_061131_workshop_registration';
import * as migration_20261126_061706_packages_checkout from './20261126_061706_packages_checkout';
import * as migration_20261126_074359_schema_after_merges from './20261126_074359_schema_after_merges';
import * as migration_20261126_095656_client_sessions from './20261126_095656_client_sessions';
import * as migration_20261126_103555_stripe_card_payments from './20261126_103555_stripe_card_payments';
import * as migration_20261126_110608_schema_after_merges_2 from './20261126_110608_schema_after_merges_2';
import * as migration_20261126_130634_session_meeting from './20261126_130634_session_meeting';
import * as migration_20261126_130735_session_rules from './20261126_130735_session_rules';
import * as migration_20261126_131331_workshop_paid_seats from './20261126_131331_workshop_paid_seats';
import * as migration_20261126_133019_purchase_lapsed from './20261126_133019_purchase_lapsed';
import * as migration_20261126_141606_workshop_mail_texts from './20261126_141606_workshop_mail_texts';
import * as migration_20261126_164044_packages_paid_in_instalments from './20261126_164044_packages_paid_in_instalments';
import * as migration_20261126_164229_package_mail_texts from './20261126_164229_package_mail_texts';
import * as migration_20261126_165155_session_mark_undo from './20261126_165155_session_mark_undo';
import * as migration_20261126_174249_instalment_mail_texts from './20261126_174249_instalment_mail_texts';
import * as migration_20261126_203116_instalment_receipt_mail_text from './20261126_203116_instalment_receipt_mail_text';
import * as migration_20261129_063850_visitor_caused_mail from './20261129_063850_visitor_caused_mail';
import * as migration_20261129_064412_newsletter_reports_and_permissions from './20261129_064412_newsletter_reports_and_permissions';
import * as migration_20261129_065424_form_posts_client_links from './20261129_065424_form_posts_client_links';
import * as migration_20261129_100402_workshop_confirm_mail_text from './20261129_100402_workshop_confirm_mail_text';

export const migrations = [
  {
    up: migration_20261122_154512_initial.up,
    down: migration_20261122_154512_initial.down,
    name: '20261122_154512_initial',
  },
  {
    up: migration_20261122_161603_forms.up,
    down: migration_20261122_161603_forms.down,
    name: '20261122_161603_forms',
  },
  {
    up: migration_20261123_144654_mail_queue.up,
    down: migration_20261123_144654_mail_queue.down,
    name: '20261123_144654_mail_queue',
  },
  {
    up: migration_20261123_151702_booking.up,
    down: migration_20261123_151702_booking.down,
    name: '20261123_151702_booking',
  },
  {
    up: migration_20261123_153902_booking_calendar.up,
    down: migration_20261123_153902_booking_calendar.down,
    name: '20261123_153902_booking_calendar',
  },
  {
    up: migration_20261123_182651_booking_admin.up,
    down: migration_20261123_182651_booking_admin.down,
    name: '20261123_182651_booking_admin',
  },
  {
    up: migration_20261123_184534_page_copy.up,
    down: migration_20261123_184534_page_copy.down,
    name: '20261123_184534_page_copy',
  },
  {
    up: migration_20261123_192510_about_page.up,
    down: migration_20261123_192510_about_page.down,
    name: '20261123_192510_about_page',
  },
  {
    up: migration_20261123_194123_page_copy_more.up,
    down: migration_20261123_194123_page_copy_more.down,
    name: '20261123_194123_page_copy_more',
  },
  {
    up: migration_20261123_215823_brand_and_mail_texts.up,
    down: migration_20261123_215823_brand_and_mail_texts.down,
    name: '20261123_215823_brand_and_mail_texts',
  },
  {
    up: migration_20261123_222652_subscriber_inbox.up,
    down: migration_20261123_222652_subscriber_inbox.down,
    name: '20261123_222652_subscriber_inbox',
  },
  {
    up: migration_20261124_015206_no_login_lockout.up,
    down: migration_20261124_015206_no_login_lockout.down,
    name: '20261124_015206_no_login_lockout',
  },
  {
    up: migration_20261124_024213_two_step_login.up,
    down: migration_20261124_024213_two_step_login.down,
    name: '20261124_024213_two_step_login',
  },
  {
    up: migration_20261125_115525_mail_sealed_links.up,
    down: migration_20261125_115525_mail_sealed_links.down,
    name: '20261125_115525_mail_sealed_links',
  },
  {
    up: migration_20261125_124249_first_account.up,
    down: migration_20261125_124249_first_account.down,
    name: '20261125_124249_first_account',
  },
  {
    up: migration_20261125_212533_newsletter_sending.up,
    down: migration_20261125_212533_newsletter_sending.down,
    name: '20261125_212533_newsletter_sending',
  },
  {
    up: migration_20261126_002034_workshops_by_date.up,
    down: migration_20261126_002034_workshops_by_date.down,
    name: '20261126_002034_workshops_by_date',
  },
  {
    up: migration_20261126_002202_newsletter_archive.up,
    down: migration_20261126_002202_newsletter_archive.down,
    name: '20261126_002202_newsletter_archive',
  },
  {
    up: migration_20261126_004941_meeting_place.up,
    down: migration_20261126_004941_meeting_place.down,
    name: '20261126_004941_meeting_place',
  },
  {
    up: migration_20261126_005045_visits.up,
    down: migration_20261126_005045_visits.down,
    name: '20261126_005045_visits',
  },
  {
    up: migration_20261126_005052_price_placeholders.up,
    down: migration_20261126_005052_price_placeholders.down,
    name: '20261126_005052_price_placeholders',
  },
  {
    up: migration_20261126_010200_time_zone_chosen.up,
    down: migration_20261126_010200_time_zone_chosen.down,
    name: '20261126_010200_time_zone_chosen',
  },
  {
    up: migration_20261126_010228_person_notes.up,
    down: migration_20261126_010228_person_notes.down,
    name: '20261126_010228_person_notes',
  },
  {
    up: migration_20261126_014303_schema_after_merges.up,
    down: migration_20261126_014303_schema_after_merges.down,
    name: '20261126_014303_schema_after_merges',
  },
  {
    up: migration_20261126_042444_credit_ledger.up,
    down: migration_20261126_042444_credit_ledger.down,
    name: '20261126_042444_credit_ledger',
  },
  {
    up: migration_20261126_061131_workshop_registration.up,
    down: migration_20261126_061131_workshop_registration.down,
    name: '20261126_061131_workshop_registration',
  },
  {
    up: migration_20261126_061706_packages_checkout.up,
    down: migration_20261126_061706_packages_checkout.down,
    name: '20261126_061706_packages_checkout',
  },
  {
    up: migration_20261126_074359_schema_after_merges.up,
    down: migration_20261126_074359_schema_after_merges.down,
    name: '20261126_074359_schema_after_merges',
  },
  {
    up: migration_20261126_095656_client_sessions.up,
    down: migration_20261126_095656_client_sessions.down,
    name: '20261126_095656_client_sessions',
  },
  {
    up: migration_20261126_103555_stripe_card_payments.up,
    down: migration_20261126_103555_stripe_card_payments.down,
    name: '20261126_103555_stripe_card_payments',
  },
  {
    up: migration_20261126_110608_schema_after_merges_2.up,
    down: migration_20261126_110608_schema_after_merges_2.down,
    name: '20261126_110608_schema_after_merges_2',
  },
  {
    up: migration_20261126_130634_session_meeting.up,
    down: migration_20261126_130634_session_meeting.down,
    name: '20261126_130634_session_meeting',
  },
  {
    up: migration_20261126_130735_session_rules.up,
    down: migration_20261126_130735_session_rules.down,
    name: '20261126_130735_session_rules',
  },
  {
    up: migration_20261126_131331_workshop_paid_seats.up,
    down: migration_20261126_131331_workshop_paid_seats.down,
    name: '20261126_131331_workshop_paid_seats',
  },
  {
    up: migration_20261126_133019_purchase_lapsed.up,
    down: migration_20261126_133019_purchase_lapsed.down,
    name: '20261126_133019_purchase_lapsed',
  },
  {
    up: migration_20261126_141606_workshop_mail_texts.up,
    down: migration_20261126_141606_workshop_mail_texts.down,
    name: '20261126_141606_workshop_mail_texts',
  },
  {
    up: migration_20261126_164044_packages_paid_in_instalments.up,
    down: migration_20261126_164044_packages_paid_in_instalments.down,
    name: '20261126_164044_packages_paid_in_instalments',
  },
  {
    up: migration_20261126_164229_package_mail_texts.up,
    down: migration_20261126_164229_package_mail_texts.down,
    name: '20261126_164229_package_mail_texts',
  },
  {
    up: migration_20261126_165155_session_mark_undo.up,
    down: migration_20261126_165155_session_mark_undo.down,
    name: '20261126_165155_session_mark_undo',
  },
  {
    up: migration_20261126_174249_instalment_mail_texts.up,
    down: migration_20261126_174249_instalment_mail_texts.down,
    name: '20261126_174249_instalment_mail_texts',
  },
  {
    up: migration_20261126_203116_instalment_receipt_mail_text.up,
    down: migration_20261126_203116_instalment_receipt_mail_text.down,
    name: '20261126_203116_instalment_receipt_mail_text',
  },
  {
    up: migration_20261129_063850_visitor_caused_mail.up,
    down: migration_20261129_063850_visitor_caused_mail.down,
    name: '20261129_063850_visitor_caused_mail',
  },
  {
    up: migration_20261129_064412_newsletter_reports_and_permissions.up,
    down: migration_20261129_064412_newsletter_reports_and_permissions.down,
    name: '20261129_064412_newsletter_reports_and_permissions',
  },
  {
    up: migration_20261129_065424_form_posts_client_links.up,
    down: migration_20261129_065424_form_posts_client_links.down,
    name: '20261129_065424_form_posts_client_links',
  },
  {
    up: migration_20261129_100402_workshop_confirm_mail_text.up,
    down: migration_20261129_100402_workshop_confirm_mail_text.down,
    name: '20261129_100402_workshop_confirm_mail_text'
  },
];
