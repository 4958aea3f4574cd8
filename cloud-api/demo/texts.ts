/**
 * The demo catalogue's buyer-facing texts in the 10 languages, stored as {"en": "...", "zh": "..."} JSON
 * columns (cloud-api/migrations/0001). Amounts and percentages are formatted with Intl in each language,
 * the way the storefront formats the amounts around them.
 */
import { intlLocale, LANGUAGES, type Language } from "#domain/languages.ts";
import { formatMoney } from "#domain/money.ts";

export type Texts = Record<Language, string>;

export const PACKAGE_TEXTS = {
  data10g: { en: "10 GB for 30 days", zh: "10GB 月包", ja: "10GB・30日間", de: "10 GB für 30 Tage", fr: "10 Go pour 30 jours", es: "10 GB durante 30 días", it: "10 GB per 30 giorni", ru: "10 ГБ на 30 дней", th: "10GB 30 วัน", ar: "10 غيغابايت لمدة 30 يومًا" },
  data30g: { en: "30 GB for 90 days", zh: "30GB 季包", ja: "30GB・90日間", de: "30 GB für 90 Tage", fr: "30 Go pour 90 jours", es: "30 GB durante 90 días", it: "30 GB per 90 giorni", ru: "30 ГБ на 90 дней", th: "30GB 90 วัน", ar: "30 غيغابايت لمدة 90 يومًا" },
  dataUnlimited: { en: "Unlimited data for a year", zh: "不限量年包", ja: "1年間データ無制限", de: "Unbegrenzte Daten für ein Jahr", fr: "Données illimitées pendant un an", es: "Datos ilimitados durante un año", it: "Dati illimitati per un anno", ru: "Безлимитный трафик на год", th: "เน็ตไม่จำกัด 1 ปี", ar: "بيانات غير محدودة لمدة عام" },
  dataTrial: { en: "1 GB trial", zh: "1GB 体验包", ja: "1GB お試し", de: "1 GB zum Testen", fr: "Essai 1 Go", es: "Prueba de 1 GB", it: "Prova da 1 GB", ru: "Пробный пакет 1 ГБ", th: "ทดลองใช้ 1GB", ar: "تجربة 1 غيغابايت" },
  data5g: { en: "5 GB for 7 days", zh: "5GB 周包", ja: "5GB・7日間", de: "5 GB für 7 Tage", fr: "5 Go pour 7 jours", es: "5 GB durante 7 días", it: "5 GB per 7 giorni", ru: "5 ГБ на 7 дней", th: "5GB 7 วัน", ar: "5 غيغابايت لمدة 7 أيام" },
  allDay7: { en: "All-day recording, 7-day loop", zh: "全天录像 7天循环", ja: "24時間録画・7日間ループ", de: "Daueraufnahme, 7 Tage Speicher", fr: "Enregistrement continu, boucle de 7 jours", es: "Grabación continua, ciclo de 7 días", it: "Registrazione continua, ciclo di 7 giorni", ru: "Круглосуточная запись, цикл 7 дней", th: "บันทึกตลอดวัน วนรอบ 7 วัน", ar: "تسجيل طوال اليوم، دورة 7 أيام" },
  allDay30: { en: "All-day recording, 30-day loop", zh: "全天录像 30天循环", ja: "24時間録画・30日間ループ", de: "Daueraufnahme, 30 Tage Speicher", fr: "Enregistrement continu, boucle de 30 jours", es: "Grabación continua, ciclo de 30 días", it: "Registrazione continua, ciclo di 30 giorni", ru: "Круглосуточная запись, цикл 30 дней", th: "บันทึกตลอดวัน วนรอบ 30 วัน", ar: "تسجيل طوال اليوم، دورة 30 يومًا" },
  fleet: { en: "Fleet plan, 3 years", zh: "企业三年套餐", ja: "法人プラン・3年", de: "Flottentarif, 3 Jahre", fr: "Offre flotte, 3 ans", es: "Plan para flotas, 3 años", it: "Piano flotta, 3 anni", ru: "Тариф для автопарка, 3 года", th: "แพ็กเกจองค์กร 3 ปี", ar: "باقة الأساطيل، 3 سنوات" },
  legacy: { en: "Legacy plan", zh: "旧版套餐", ja: "旧プラン", de: "Alter Tarif", fr: "Ancienne offre", es: "Plan antiguo", it: "Piano precedente", ru: "Старый тариф", th: "แพ็กเกจเดิม", ar: "باقة قديمة" },
  event30: { en: "Event recording, 30 days", zh: "事件录像 30天", ja: "イベント録画・30日間", de: "Ereignisaufnahme, 30 Tage", fr: "Enregistrement d'événements, 30 jours", es: "Grabación de eventos, 30 días", it: "Registrazione eventi, 30 giorni", ru: "Запись событий, 30 дней", th: "บันทึกเหตุการณ์ 30 วัน", ar: "تسجيل الأحداث، 30 يومًا" },
  event365: { en: "Event recording, a year", zh: "事件录像 一年", ja: "イベント録画・1年間", de: "Ereignisaufnahme, ein Jahr", fr: "Enregistrement d'événements, un an", es: "Grabación de eventos, un año", it: "Registrazione eventi, un anno", ru: "Запись событий, год", th: "บันทึกเหตุการณ์ 1 ปี", ar: "تسجيل الأحداث، عام كامل" },
  storageCard: { en: "Cloud card: event recording, 30 days", zh: "云存储卡 事件录像30天", ja: "クラウドカード：イベント録画・30日間", de: "Cloud-Karte: Ereignisaufnahme, 30 Tage", fr: "Carte cloud : enregistrement d'événements, 30 jours", es: "Tarjeta en la nube: grabación de eventos, 30 días", it: "Scheda cloud: registrazione eventi, 30 giorni", ru: "Облачная карта: запись событий, 30 дней", th: "บัตรคลาวด์: บันทึกเหตุการณ์ 30 วัน", ar: "بطاقة سحابية: تسجيل الأحداث، 30 يومًا" },
  vipMonth: { en: "VIP monthly", zh: "VIP 月卡", ja: "VIP 月額", de: "VIP monatlich", fr: "VIP mensuel", es: "VIP mensual", it: "VIP mensile", ru: "VIP на месяц", th: "VIP รายเดือน", ar: "VIP شهري" },
  vipYear: { en: "VIP yearly", zh: "VIP 年卡", ja: "VIP 年額", de: "VIP jährlich", fr: "VIP annuel", es: "VIP anual", it: "VIP annuale", ru: "VIP на год", th: "VIP รายปี", ar: "VIP سنوي" },
  vipCard: { en: "VIP card, 30 days", zh: "VIP 卡 30天", ja: "VIPカード・30日間", de: "VIP-Karte, 30 Tage", fr: "Carte VIP, 30 jours", es: "Tarjeta VIP, 30 días", it: "Scheda VIP, 30 giorni", ru: "VIP-карта, 30 дней", th: "บัตร VIP 30 วัน", ar: "بطاقة VIP، 30 يومًا" },
  aiMonth: { en: "Super AI monthly", zh: "超级AI 月包", ja: "スーパーAI 月額", de: "Super-KI monatlich", fr: "Super IA mensuel", es: "Súper IA mensual", it: "Super IA mensile", ru: "Супер-ИИ на месяц", th: "Super AI รายเดือน", ar: "الذكاء الاصطناعي الفائق شهريًا" },
  aiYear: { en: "Super AI yearly", zh: "超级AI 年包", ja: "スーパーAI 年額", de: "Super-KI jährlich", fr: "Super IA annuel", es: "Súper IA anual", it: "Super IA annuale", ru: "Супер-ИИ на год", th: "Super AI รายปี", ar: "الذكاء الاصطناعي الفائق سنويًا" },

  nationwideData: { en: "Nationwide 4G data", zh: "全国通用 4G 流量", ja: "全国で使える 4G データ", de: "Bundesweite 4G-Daten", fr: "Données 4G dans tout le pays", es: "Datos 4G en todo el país", it: "Dati 4G in tutto il paese", ru: "4G-трафик по всей стране", th: "เน็ต 4G ใช้ได้ทั่วประเทศ", ar: "بيانات 4G في جميع أنحاء البلاد" },
  noCap: { en: "No cap, fair use applies", zh: "不限流量，合理使用", ja: "上限なし（適正利用の範囲で）", de: "Ohne Obergrenze, bei fairer Nutzung", fr: "Sans plafond, usage raisonnable", es: "Sin límite, con uso razonable", it: "Nessun limite, uso corretto", ru: "Без ограничений, при добросовестном использовании", th: "ไม่จำกัด ภายใต้การใช้งานที่เหมาะสม", ar: "بلا حد، مع الاستخدام العادل" },
  withSim: { en: "Included with the SIM", zh: "随卡赠送", ja: "SIMに付属", de: "Bei der SIM inklusive", fr: "Inclus avec la carte SIM", es: "Incluido con la SIM", it: "Incluso con la SIM", ru: "Входит в комплект SIM-карты", th: "แถมมากับซิม", ar: "مضمّنة مع شريحة SIM" },
  shortTrips: { en: "Short trips", zh: "短途出行", ja: "短期の外出に", de: "Für kurze Reisen", fr: "Pour les courts séjours", es: "Para viajes cortos", it: "Per brevi viaggi", ru: "Для коротких поездок", th: "สำหรับการเดินทางระยะสั้น", ar: "للرحلات القصيرة" },
  allDayMonth: { en: "30 days of 24-hour recording", zh: "30天 24小时录像", ja: "30日間の24時間録画", de: "30 Tage Aufnahme rund um die Uhr", fr: "30 jours d'enregistrement 24 h/24", es: "30 días de grabación las 24 horas", it: "30 giorni di registrazione 24 ore su 24", ru: "30 дней круглосуточной записи", th: "บันทึก 24 ชั่วโมง นาน 30 วัน", ar: "30 يومًا من التسجيل على مدار 24 ساعة" },
  allDayYear: { en: "A year of 24-hour recording", zh: "一年 24小时录像", ja: "1年間の24時間録画", de: "Ein Jahr Aufnahme rund um die Uhr", fr: "Un an d'enregistrement 24 h/24", es: "Un año de grabación las 24 horas", it: "Un anno di registrazione 24 ore su 24", ru: "Год круглосуточной записи", th: "บันทึก 24 ชั่วโมง นาน 1 ปี", ar: "عام من التسجيل على مدار 24 ساعة" },
  installers: { en: "For installers and shops", zh: "适合门店与安装商", ja: "設置業者・店舗向け", de: "Für Installateure und Geschäfte", fr: "Pour les installateurs et les commerces", es: "Para instaladores y tiendas", it: "Per installatori e negozi", ru: "Для монтажников и магазинов", th: "สำหรับช่างติดตั้งและร้านค้า", ar: "للمركّبين والمتاجر" },
  noLongerSold: { en: "No longer sold", zh: "已停售", ja: "販売終了", de: "Nicht mehr erhältlich", fr: "Plus commercialisé", es: "Ya no se vende", it: "Non più in vendita", ru: "Больше не продаётся", th: "หยุดจำหน่ายแล้ว", ar: "لم تعد تُباع" },
  motionClips: { en: "Clips of every motion event", zh: "移动侦测事件片段", ja: "動体検知イベントごとのクリップ", de: "Clips von jedem Bewegungsereignis", fr: "Des extraits de chaque mouvement détecté", es: "Clips de cada evento de movimiento", it: "Clip di ogni evento di movimento", ru: "Клипы каждого события движения", th: "คลิปทุกเหตุการณ์ที่ตรวจจับการเคลื่อนไหว", ar: "مقاطع لكل حدث حركة" },
  cardCode: { en: "Received with a card code", zh: "扫码领取", ja: "カードコードで受け取り", de: "Mit einem Kartencode erhalten", fr: "Reçu avec un code de carte", es: "Recibido con un código de tarjeta", it: "Ricevuto con un codice scheda", ru: "Получено по коду карты", th: "รับด้วยรหัสบัตร", ar: "يُستلم برمز بطاقة" },
  vipBenefits: { en: "Event cloud storage, AI, 20 GB/month, no ads", zh: "事件云存储、AI、每月20GB、无广告", ja: "イベントクラウド保存、AI、毎月20GB、広告なし", de: "Ereignis-Cloudspeicher, KI, 20 GB/Monat, keine Werbung", fr: "Stockage cloud des événements, IA, 20 Go/mois, sans publicité", es: "Almacenamiento en la nube de eventos, IA, 20 GB/mes, sin anuncios", it: "Archivio cloud degli eventi, IA, 20 GB/mese, senza pubblicità", ru: "Облачное хранение событий, ИИ, 20 ГБ/мес., без рекламы", th: "คลาวด์เก็บเหตุการณ์ AI 20GB/เดือน ไม่มีโฆษณา", ar: "تخزين سحابي للأحداث، ذكاء اصطناعي، 20 غيغابايت شهريًا، بلا إعلانات" },
  vipCardCode: { en: "Received with a VIP card", zh: "VIP 卡领取", ja: "VIPカードで受け取り", de: "Mit einer VIP-Karte erhalten", fr: "Reçu avec une carte VIP", es: "Recibido con una tarjeta VIP", it: "Ricevuto con una scheda VIP", ru: "Получено по VIP-карте", th: "รับด้วยบัตร VIP", ar: "يُستلم ببطاقة VIP" },
  aiBenefits: { en: "People, pets and vehicles; event search", zh: "人形、宠物、车辆识别与事件搜索", ja: "人・ペット・車両の識別とイベント検索", de: "Personen, Haustiere und Fahrzeuge; Ereignissuche", fr: "Personnes, animaux et véhicules ; recherche d'événements", es: "Personas, mascotas y vehículos; búsqueda de eventos", it: "Persone, animali e veicoli; ricerca eventi", ru: "Люди, питомцы и транспорт; поиск событий", th: "แยกแยะคน สัตว์เลี้ยง และยานพาหนะ พร้อมค้นหาเหตุการณ์", ar: "الأشخاص والحيوانات الأليفة والمركبات؛ البحث في الأحداث" },

  popular: { en: "Popular", zh: "热销", ja: "人気", de: "Beliebt", fr: "Populaire", es: "Más vendido", it: "Popolare", ru: "Популярный", th: "ยอดนิยม", ar: "الأكثر طلبًا" },
  bestValue: { en: "Best value", zh: "超值", ja: "お得", de: "Bester Preis", fr: "Meilleur rapport qualité-prix", es: "Mejor precio", it: "Miglior prezzo", ru: "Выгоднее всего", th: "คุ้มที่สุด", ar: "الأفضل قيمة" },
} satisfies Record<string, Texts>;

export type PackageText = keyof typeof PACKAGE_TEXTS;

function inEveryLanguage(text: (language: Language, locale: string) => string): Texts {
  return Object.fromEntries(LANGUAGES.map((language) => [language, text(language, intlLocale(language))])) as Texts;
}

const SAVE: Texts = { en: "Save {percent}", zh: "省{percent}", ja: "{percent}お得", de: "{percent} sparen", fr: "Économisez {percent}", es: "Ahorra un {percent}", it: "Risparmi il {percent}", ru: "Экономия {percent}", th: "ประหยัด {percent}", ar: "وفّر {percent}" };

/** A "save 20%" tag with the percentage in the language's number style. */
export function saveTag(percent: number): Texts {
  return inEveryLanguage((language, locale) => SAVE[language].replace("{percent}", new Intl.NumberFormat(locale, { style: "percent" }).format(percent / 100)));
}

const OFF: Texts = { en: "{amount} off", zh: "立减{amount}", ja: "{amount}引き", de: "{amount} Rabatt", fr: "{amount} de réduction", es: "{amount} de descuento", it: "{amount} di sconto", ru: "Скидка {amount}", th: "ลด {amount}", ar: "خصم {amount}" };
const MINIMUM: Texts = { en: "For orders of {amount} or more", zh: "满{amount}可用", ja: "{amount}以上のご注文で利用可", de: "Ab einem Bestellwert von {amount}", fr: "Dès {amount} d'achat", es: "Para pedidos desde {amount}", it: "Per ordini da {amount}", ru: "Для заказов от {amount}", th: "สำหรับคำสั่งซื้อตั้งแต่ {amount}", ar: "للطلبات بقيمة {amount} أو أكثر" };
const NO_MINIMUM: Texts = { en: "No minimum spend", zh: "无门槛", ja: "最低利用金額なし", de: "Kein Mindestbestellwert", fr: "Sans minimum d'achat", es: "Sin gasto mínimo", it: "Nessuna spesa minima", ru: "Без минимальной суммы", th: "ไม่มียอดขั้นต่ำ", ar: "بلا حد أدنى للإنفاق" };

/** A coupon's name and description, with its amounts formatted as the storefront formats money. */
export function couponTexts(amountCents: number, minimumCents: number, currency: string): { name: Texts; descrip: Texts } {
  const money = (cents: number, locale: string) => formatMoney(cents, currency, locale);
  return {
    name: inEveryLanguage((language, locale) => OFF[language].replace("{amount}", money(amountCents, locale))),
    descrip: minimumCents > 0 ? inEveryLanguage((language, locale) => MINIMUM[language].replace("{amount}", money(minimumCents, locale))) : NO_MINIMUM,
  };
}
