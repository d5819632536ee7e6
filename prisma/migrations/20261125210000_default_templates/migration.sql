-- Two starting points for the admin "Templates" tab, inactive: a mail layout and a landing layout.
INSERT INTO "templates" ("name", "template_type", "content", "is_active", "updated_at")
SELECT 'Письмо LinkUp', 'mail', '<div style="background:#eff6ff;padding:24px;font-family:Arial,sans-serif">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
    <h2 style="color:#1d4ed8;margin-top:0">{{site_name}}</h2>
    <h3>{{subject}}</h3>
    <p style="white-space:pre-line">{{body}}</p>
    <p style="color:#6b7280;font-size:12px">© {{year}} {{site_name}}</p>
  </div>
</div>', false, CURRENT_TIMESTAMP
WHERE NOT EXISTS (SELECT 1 FROM "templates" WHERE "template_type" = 'mail');

INSERT INTO "templates" ("name", "template_type", "content", "is_active", "updated_at")
SELECT 'Лендинг по центру', 'landing', '<section style="padding:48px 16px;text-align:center;max-width:880px;margin:0 auto">
  <h1 style="font-size:40px;margin-bottom:12px">{{title}}</h1>
  {{#subtitle}}<p style="font-size:20px;opacity:0.8">{{subtitle}}</p>{{/subtitle}}
  {{#hero_image}}<img src="{{hero_image}}" alt="" style="max-width:100%;border-radius:12px;margin:24px 0">{{/hero_image}}
  {{#description}}<p style="white-space:pre-line">{{description}}</p>{{/description}}
  <ul style="list-style:none;padding:0">{{#features}}<li style="margin:6px 0">✓ {{.}}</li>{{/features}}</ul>
  <p><a href="{{cta_link}}" style="display:inline-block;padding:12px 24px;background:#2563eb;color:#ffffff;border-radius:8px;text-decoration:none">{{cta_text}}</a></p>
</section>', false, CURRENT_TIMESTAMP
WHERE NOT EXISTS (SELECT 1 FROM "templates" WHERE "template_type" = 'landing');
