ALTER TABLE "gifts" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every gift's name becomes the text of its site's language (contracts siteLanguage: the domain
-- language when the site shows it, else the first language it shows).
UPDATE "gifts" SET "names" = jsonb_build_object(
  CASE
    WHEN lower(left(s."domain_language", 2)) = ANY (SELECT lower(left(l, 2)) FROM unnest(s."languages") AS l)
      THEN lower(left(s."domain_language", 2))
    ELSE coalesce(lower(left(s."languages"[1], 2)), 'nl')
  END,
  "gifts"."name"
)
FROM "sites" AS s
WHERE s."id" = "gifts"."site_id";--> statement-breakpoint
-- The demo catalogue's drawn gifts that still carry their Dutch name get all eleven languages
-- (services/chat/gift-names.ts); the site language's text stays the stored name.
UPDATE "gifts" SET "names" = t."names" || "gifts"."names"
FROM (VALUES
  ('gifts/roos.png', 'Rode roos', '{"da":"Rød rose","de":"Rote Rose","en":"Red rose","es":"Rosa roja","fi":"Punainen ruusu","fr":"Rose rouge","it":"Rosa rossa","nb":"Rød rose","nl":"Rode roos","pl":"Czerwona róża","sv":"Röd ros"}'::jsonb),
  ('gifts/hart.png', 'Hartje', '{"da":"Hjerte","de":"Herzchen","en":"Heart","es":"Corazón","fi":"Sydän","fr":"Petit cœur","it":"Cuoricino","nb":"Hjerte","nl":"Hartje","pl":"Serduszko","sv":"Hjärta"}'::jsonb),
  ('gifts/zonnetje.png', 'Zonnetje', '{"da":"Solstråle","de":"Sonnenschein","en":"Sunshine","es":"Solecito","fi":"Auringonsäde","fr":"Rayon de soleil","it":"Raggio di sole","nb":"Solstråle","nl":"Zonnetje","pl":"Słoneczko","sv":"Solstråle"}'::jsonb),
  ('gifts/ster.png', 'Ster', '{"da":"Stjerne","de":"Stern","en":"Star","es":"Estrella","fi":"Tähti","fr":"Étoile","it":"Stella","nb":"Stjerne","nl":"Ster","pl":"Gwiazdka","sv":"Stjärna"}'::jsonb),
  ('gifts/cadeautje.png', 'Cadeautje', '{"da":"Lille pakke","de":"Päckchen","en":"Little present","es":"Regalito","fi":"Lahjapaketti","fr":"Petit paquet","it":"Pacchettino","nb":"Liten pakke","nl":"Cadeautje","pl":"Paczuszka","sv":"Litet paket"}'::jsonb),
  ('gifts/chocolade.png', 'Chocolade', '{"da":"Chokolade","de":"Pralinen","en":"Chocolates","es":"Bombones","fi":"Suklaakonvehdit","fr":"Chocolats","it":"Cioccolatini","nb":"Sjokolade","nl":"Chocolade","pl":"Czekoladki","sv":"Choklad"}'::jsonb),
  ('gifts/taart.png', 'Taartje', '{"da":"Lille kage","de":"Törtchen","en":"Cake","es":"Pastelito","fi":"Kakkupala","fr":"Petit gâteau","it":"Tortina","nb":"Kakestykke","nl":"Taartje","pl":"Ciastko","sv":"Tårtbit"}'::jsonb),
  ('gifts/champagne.png', 'Champagne', '{"da":"Champagne","de":"Champagner","en":"Champagne","es":"Champán","fi":"Samppanja","fr":"Champagne","it":"Champagne","nb":"Champagne","nl":"Champagne","pl":"Szampan","sv":"Champagne"}'::jsonb),
  ('gifts/teddybeer.png', 'Teddybeer', '{"da":"Teddybjørn","de":"Teddybär","en":"Teddy bear","es":"Osito de peluche","fi":"Nalle","fr":"Ours en peluche","it":"Orsacchiotto","nb":"Teddybjørn","nl":"Teddybeer","pl":"Miś","sv":"Nalle"}'::jsonb),
  ('gifts/diamant.png', 'Diamant', '{"da":"Diamant","de":"Diamant","en":"Diamond","es":"Diamante","fi":"Timantti","fr":"Diamant","it":"Diamante","nb":"Diamant","nl":"Diamant","pl":"Diament","sv":"Diamant"}'::jsonb)
) AS t("image", "name", "names")
WHERE "gifts"."image" = t."image" AND "gifts"."name" = t."name";
