-- The first site of an empty production database (docs/deploy.md, step 5). Every /api call, the back
-- office's included, needs a site to answer for the request's host, so a database without any site
-- cannot make its first one in the back office. This inserts one default site with the built-in
-- settings of a new site (services/site-admin/new-site-defaults.ts) and its company; everything else
-- (texts, look, niche, languages, credit packages, gifts, codes) is then edited in the back office.
-- It refuses a database that has a site already. Run after the first start (the tables exist then):
--
--   docker compose exec -T postgres psql -U dating -d dating \
--     -v domain=date.example -v public_url=https://date.example -v name='Date Example' \
--     -v support_email=support@date.example -v phone='+31 20 000 00 00' \
--     -v company='Example B.V.' -v address='Example Street 1' -v city=Amsterdam -v country=NL -v kvk=12345678 \
--     < deploy/first-site.sql
\set ON_ERROR_STOP on

begin;

do $$
begin
  if exists (select 1 from sites) then
    raise exception 'this database has a site already: add more sites in the back office (Sites, New)';
  end if;
end $$;

with company as (
  insert into companies (name, address, kvk, city, country, support_phone, added)
  values (:'company', :'address', :'kvk', :'city', :'country', :'phone', current_date)
  returning id
)
insert into sites (
  domain, public_url, is_default, company_id, name, index_title, mail_name, description, countries,
  support_phone, support_email, fictional_icon, fictional_warning, fictional_singular, fictional_plural,
  visible_profile_fields, search_fields, message_credits, photo_credits, gift_credits, signup_credits,
  message_length, languages
)
select
  :'domain', :'public_url', true, company.id, :'name', :'name', :'name',
  'Ontmoet nieuwe mensen bij jou in de buurt.', array['NL', 'BE', 'DE', 'AT'],
  :'phone', :'support_email', '🎭', 'Dit is een fictief profiel: fysiek contact is niet mogelijk.',
  'fictief profiel', 'fictieve profielen',
  array['gender', 'sexuality', 'date_of_birth', 'hair_color', 'eye_color', 'body_type', 'relationship_status',
        'tattoos', 'reason', 'interests', 'description', 'city'],
  array['gender', 'country', 'countryregion', 'age', 'distance'],
  10, 15, 25, 20, 1000,
  array['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv']
from company
returning id, domain, public_url;

commit;
