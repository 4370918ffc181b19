import type { LanguageCode } from './languages.ts';
import { plural } from './share-messages/catalog.ts';
import type { InvitableRole } from './teams.ts';

/**
 * What the team invitation e-mail says in each of the fifteen languages: it is written in the inviter's
 * language (issue 29). The conventions are those of the share e-mails (share-messages/): the same
 * formal address, quotation marks and right-to-left handling; a language left out is a type error.
 * Names arrive already made safe (one plain line; isolated in Arabic): a catalog only places them.
 * Wherever the inviter's or the reader's gender would show, the wording avoids it (a role rather
 * than 'as an administrator', a passive, or a verb that agrees with neither).
 */

/** Who invites to which team on which site. `inviter` is null when they have no usable name. */
export interface InvitationNames {
  site: string;
  team: string;
  inviter: string | null;
}

export interface InvitationCatalog {
  language: LanguageCode;
  dir: 'ltr' | 'rtl';
  /** Stands for a team whose name is blank once made safe. */
  untitled: string;
  subject(names: InvitationNames): string;
  /** The sentence saying who invites, to which team, and with which role. */
  invited(names: InvitationNames, role: InvitableRole): string;
  /** What the site is for: the team's checklists and the proof that work was done. */
  purpose(site: string): string;
  /** The HTML button; in the plain text, the words before the link. */
  join(team: string): string;
  /**
   * Between those words and the link in the plain text: a colon and a space, a full-width colon in
   * Chinese and Japanese, and a line break in Arabic (the link a left-to-right line of its own).
   */
  beforeLink: string;
  /** The link works once and for so many days; an unexpected invitation can be ignored. */
  expiry(days: number): string;
}

const NBSP = '\u00a0';

/** English: the wording the e-mail had before it came in ten languages; team names are not quoted. */
const en: InvitationCatalog = {
  language: 'en',
  dir: 'ltr',
  untitled: 'a team',
  subject: ({ site, team, inviter }) => `${inviter ?? 'A colleague'} invited you to ${team} on ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ?? 'A colleague'} invited you to join ${team} on ${site} as ${role === 'admin' ? 'an admin' : 'a member'}.`,
  purpose: (site) => `${site} is where the team keeps its checklists and the proof that work was done.`,
  join: (team) => `Join ${team}`,
  beforeLink: ': ',
  expiry: (days) =>
    `The link works once and for ${plural('en', days, { one: 'day', other: 'days' })}. If you did not expect this, ignore this e-mail.`,
};

/** Spanish, usted; 'le ha invitado' is the courtesy form for a reader of either gender. */
const es: InvitationCatalog = {
  language: 'es',
  dir: 'ltr',
  untitled: 'sin nombre',
  subject: ({ site, team, inviter }) =>
    `${inviter ?? 'Alguien'} le ha invitado al equipo “${team}” en ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ?? 'Alguien'} le ha invitado a unirse al equipo “${team}” en ${site} con el rol de ${role === 'admin' ? 'administrador' : 'miembro'}.`,
  purpose: (site) =>
    `${site} es donde el equipo guarda sus listas de verificación y las pruebas del trabajo realizado.`,
  join: (team) => `Unirse al equipo “${team}”`,
  beforeLink: ': ',
  expiry: (days) =>
    `El enlace solo puede usarse una vez y es válido durante ${plural('es', days, { one: 'día', other: 'días' })}. Si no esperaba esta invitación, puede ignorar este correo.`,
};

/** French, vous; 'vous invite' needs no agreement with the reader. */
const fr: InvitationCatalog = {
  language: 'fr',
  dir: 'ltr',
  untitled: 'sans nom',
  subject: ({ site, team, inviter }) =>
    `${inviter ?? 'Quelqu’un'} vous invite à rejoindre l’équipe «${NBSP}${team}${NBSP}» sur ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ?? 'Quelqu’un'} vous invite à rejoindre l’équipe «${NBSP}${team}${NBSP}» sur ${site} avec le rôle ${role === 'admin' ? 'd’administrateur' : 'de membre'}.`,
  purpose: (site) =>
    `Sur ${site}, l’équipe tient ses listes de contrôle et conserve la preuve du travail effectué.`,
  join: (team) => `Rejoindre l’équipe «${NBSP}${team}${NBSP}»`,
  beforeLink: `${NBSP}: `,
  expiry: (days) =>
    `Ce lien ne peut servir qu’une fois et reste valable ${plural('fr', days, { one: 'jour', other: 'jours' })}. Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.`,
};

/** German, Sie. */
const de: InvitationCatalog = {
  language: 'de',
  dir: 'ltr',
  untitled: 'ohne Namen',
  subject: ({ site, team, inviter }) =>
    `${inviter ?? 'Jemand'} hat Sie zum Team „${team}“ auf ${site} eingeladen`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ?? 'Jemand'} hat Sie eingeladen, dem Team „${team}“ auf ${site} ${role === 'admin' ? 'mit Administratorrechten' : 'als Mitglied'} beizutreten.`,
  purpose: (site) =>
    `Auf ${site} verwaltet das Team seine Checklisten und die Nachweise über erledigte Arbeiten.`,
  join: (team) => `Team „${team}“ beitreten`,
  beforeLink: ': ',
  expiry: (days) =>
    `Der Link kann nur einmal verwendet werden und ist ${plural('de', days, { one: 'Tag', other: 'Tage' })} gültig. Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
};

/** Brazilian Portuguese, você; 'com a função de' spares 'administrador(a)'. */
const pt: InvitationCatalog = {
  language: 'pt',
  dir: 'ltr',
  untitled: 'sem nome',
  subject: ({ site, team, inviter }) =>
    `${inviter ?? 'Alguém'} convidou você para a equipe “${team}” no ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ?? 'Alguém'} convidou você para participar da equipe “${team}” no ${site} com a função de ${role === 'admin' ? 'administrador' : 'membro'}.`,
  purpose: (site) =>
    `O ${site} é onde a equipe guarda suas checklists e as comprovações do trabalho realizado.`,
  join: (team) => `Entrar na equipe “${team}”`,
  beforeLink: ': ',
  expiry: (days) =>
    `O link só pode ser usado uma vez e é válido por ${plural('pt', days, { one: 'dia', other: 'dias' })}. Se você não esperava este convite, pode ignorar este e-mail.`,
};

/** Simplified Chinese, 您; Latin names set off by spaces as in the share e-mail. */
const zh: InvitationCatalog = {
  language: 'zh',
  dir: 'ltr',
  untitled: '未命名',
  subject: ({ site, team, inviter }) =>
    `${inviter ? `${inviter} ` : '有人'}邀请您加入 ${site} 上的团队“${team}”`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ? `${inviter} ` : '有人'}邀请您以${role === 'admin' ? '管理员' : '成员'}身份加入 ${site} 上的团队“${team}”。`,
  purpose: (site) => `团队在 ${site} 上管理清单，并留存工作已完成的证明。`,
  join: (team) => `加入团队“${team}”`,
  beforeLink: '：',
  expiry: (days) => `此链接只能使用一次，${days} 天内有效。如果您并未期待此邀请，可直接忽略此邮件。`,
};

/** Russian, вы; 'Пользователь … пригласил' as in the share e-mail, so no verb agrees with the name. */
const ru: InvitationCatalog = {
  language: 'ru',
  dir: 'ltr',
  untitled: 'без названия',
  subject: ({ site, team, inviter }) =>
    `${inviter ? `Пользователь ${inviter} пригласил вас` : 'Вас пригласили'} в команду «${team}» в ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ? `Пользователь ${inviter} пригласил вас` : 'Вас пригласили'} присоединиться к команде «${team}» в ${site} в роли ${role === 'admin' ? 'администратора' : 'участника'}.`,
  purpose: (site) => `В ${site} команда ведёт свои чек-листы и хранит подтверждения выполненной работы.`,
  join: (team) => `Присоединиться к команде «${team}»`,
  beforeLink: ': ',
  expiry: (days) =>
    `Ссылка действует ${plural('ru', days, { one: 'день', few: 'дня', many: 'дней', other: 'дня' })}, воспользоваться ею можно только один раз. Если вы не ждали этого приглашения, просто проигнорируйте это письмо.`,
};

/** Japanese, です/ます, the inviter as さん, names in 「」. */
const ja: InvitationCatalog = {
  language: 'ja',
  dir: 'ltr',
  untitled: '名称未設定',
  subject: ({ site, team, inviter }) =>
    `${inviter ? `${inviter} さんから ` : ''}${site} のチーム「${team}」への招待が届きました`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ? `${inviter} さんから、` : ''}${site} のチーム「${team}」に${role === 'admin' ? '管理者' : 'メンバー'}として招待されました。`,
  purpose: (site) => `${site} は、チームのチェックリストと作業完了の証跡をまとめて管理するサービスです。`,
  join: (team) => `チーム「${team}」に参加する`,
  beforeLink: '：',
  expiry: (days) =>
    `このリンクは 1 回のみ使用でき、有効期間は ${days} 日間です。この招待に心当たりがない場合は、このメールを破棄してください。`,
};

const daysWord = { one: 'يوم', two: 'يوم', few: 'أيام', many: 'يومًا', other: 'يوم' };

/** Modern Standard Arabic, right to left; the passive ('تمت دعوتك') leaves the inviter's gender aside. */
const ar: InvitationCatalog = {
  language: 'ar',
  dir: 'rtl',
  untitled: 'بدون اسم',
  subject: ({ site, team, inviter }) =>
    `تمت دعوتك إلى فريق «${team}» على ${site}${inviter ? ` من قِبل ${inviter}` : ''}`,
  invited: ({ site, team, inviter }, role) =>
    `تمت دعوتك${inviter ? ` من قِبل ${inviter}` : ''} للانضمام إلى فريق «${team}» على ${site} بصفة ${role === 'admin' ? 'مشرف' : 'عضو'}.`,
  purpose: (site) => `يحفظ الفريق على ${site} قوائم التحقق الخاصة به وما يُثبت إنجاز العمل.`,
  join: (team) => `الانضمام إلى فريق «${team}»`,
  beforeLink: ':\n',
  expiry: (days) =>
    `الرابط صالح لمدة ${plural('ar', days, daysWord)} ويمكن استخدامه مرة واحدة فقط. إذا لم تكن هذه الدعوة متوقعة، فيمكنك تجاهل هذه الرسالة.`,
};

/** Hindi, आप; with ने and आपको the verb agrees with neither the inviter nor the reader. */
const hi: InvitationCatalog = {
  language: 'hi',
  dir: 'ltr',
  untitled: 'बिना नाम',
  subject: ({ site, team, inviter }) =>
    inviter
      ? `${inviter} ने आपको ${site} पर टीम “${team}” में आमंत्रित किया है`
      : `आपको ${site} पर टीम “${team}” में आमंत्रित किया गया है`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ? `${inviter} ने आपको` : 'आपको'} ${site} पर टीम “${team}” में ${role === 'admin' ? 'एडमिन' : 'सदस्य'} के रूप में शामिल होने के लिए आमंत्रित ${inviter ? 'किया है' : 'किया गया है'}।`,
  purpose: (site) => `${site} पर टीम अपनी चेकलिस्ट और काम पूरा होने के प्रमाण रखती है।`,
  join: (team) => `टीम “${team}” में शामिल हों`,
  beforeLink: ': ',
  expiry: (days) =>
    `यह लिंक ${days} दिन तक मान्य है और केवल एक बार इस्तेमाल किया जा सकता है। अगर आपको इस आमंत्रण की उम्मीद नहीं थी, तो इस ईमेल को अनदेखा कर दें।`,
};

/** Vietnamese, bạn; no word agrees with a gender or a count. */
const vi: InvitationCatalog = {
  language: 'vi',
  dir: 'ltr',
  untitled: 'chưa đặt tên',
  subject: ({ site, team, inviter }) =>
    `${inviter ?? 'Một đồng nghiệp'} đã mời bạn vào nhóm “${team}” trên ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ?? 'Một đồng nghiệp'} đã mời bạn tham gia nhóm “${team}” trên ${site} với vai trò ${role === 'admin' ? 'quản trị viên' : 'thành viên'}.`,
  purpose: (site) => `${site} là nơi nhóm lưu các danh sách kiểm tra và bằng chứng công việc đã hoàn thành.`,
  join: (team) => `Tham gia nhóm “${team}”`,
  beforeLink: ': ',
  expiry: (days) =>
    `Liên kết chỉ dùng được một lần và có hiệu lực trong ${days} ngày. Nếu bạn không chờ lời mời này, hãy bỏ qua e-mail này.`,
};

/** Tagalog (Filipino), mo/ka as Filipino apps write it; 'ni' marks the inviter as a person. */
const tl: InvitationCatalog = {
  language: 'tl',
  dir: 'ltr',
  untitled: 'walang pangalan',
  subject: ({ site, team, inviter }) =>
    `Inimbitahan ka${inviter ? ` ni ${inviter}` : ''} sa team na “${team}” sa ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `Inimbitahan ka${inviter ? ` ni ${inviter}` : ''} na sumali sa team na “${team}” sa ${site} bilang ${role === 'admin' ? 'tagapangasiwa' : 'miyembro'}.`,
  purpose: (site) =>
    `Sa ${site} itinatago ng team ang mga checklist nito at ang patunay na natapos ang trabaho.`,
  join: (team) => `Sumali sa “${team}”`,
  beforeLink: ': ',
  expiry: (days) =>
    `Isang beses lang magagamit ang link at valid ito nang ${days} araw. Kung hindi mo ito inaasahan, huwag pansinin ang e-mail na ito.`,
};

/** Polish, ty; the present 'zaprasza' and 'Rola:' agree with neither the inviter nor the reader. */
const pl: InvitationCatalog = {
  language: 'pl',
  dir: 'ltr',
  untitled: 'bez nazwy',
  subject: ({ site, team, inviter }) =>
    inviter
      ? `${inviter} zaprasza Cię do zespołu „${team}” w ${site}`
      : `Zaproszenie do zespołu „${team}” w ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ? `${inviter} zaprasza Cię` : 'Otrzymujesz zaproszenie'} do zespołu „${team}” w ${site}. Rola: ${role === 'admin' ? 'administrator' : 'członek zespołu'}.`,
  purpose: (site) => `W ${site} zespół prowadzi swoje listy kontrolne i przechowuje dowody wykonanej pracy.`,
  join: (team) => `Dołącz do zespołu „${team}”`,
  beforeLink: ': ',
  expiry: (days) =>
    `Link działa tylko raz i jest ważny przez ${plural('pl', days, { one: 'dzień', few: 'dni', many: 'dni', other: 'dnia' })}. Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.`,
};

/** Ukrainian, ви; the present 'запрошує' and the passive 'Вас запрошено' show no gender. */
const uk: InvitationCatalog = {
  language: 'uk',
  dir: 'ltr',
  untitled: 'без назви',
  subject: ({ site, team, inviter }) =>
    `${inviter ? `${inviter} запрошує вас` : 'Вас запрошено'} до команди «${team}» у ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ? `${inviter} запрошує вас` : 'Вас запрошено'} приєднатися до команди «${team}» у ${site} у ролі ${role === 'admin' ? 'адміністратора' : 'учасника'}.`,
  purpose: (site) => `У ${site} команда веде свої списки та зберігає підтвердження виконаної роботи.`,
  join: (team) => `Приєднатися до команди «${team}»`,
  beforeLink: ': ',
  expiry: (days) =>
    `Посилання дійсне ${plural('uk', days, { one: 'день', few: 'дні', many: 'днів', other: 'дня' })}, скористатися ним можна лише один раз. Якщо ви не чекали цього запрошення, просто не зважайте на цей лист.`,
};

/** Romanian, dumneavoastră; 'vă invită' and 'Ați primit o invitație' agree with neither side. */
const ro: InvitationCatalog = {
  language: 'ro',
  dir: 'ltr',
  untitled: 'fără nume',
  subject: ({ site, team, inviter }) =>
    `${inviter ? `${inviter} vă invită` : 'Ați primit o invitație'} în echipa „${team}” pe ${site}`,
  invited: ({ site, team, inviter }, role) =>
    `${inviter ? `${inviter} vă invită` : 'Ați primit o invitație'} să vă alăturați echipei „${team}” pe ${site}, cu rolul de ${role === 'admin' ? 'administrator' : 'membru'}.`,
  purpose: (site) => `Pe ${site} echipa își ține listele de verificare și dovezile că lucrul a fost făcut.`,
  join: (team) => `Alăturați-vă echipei „${team}”`,
  beforeLink: ': ',
  expiry: (days) =>
    `Linkul poate fi folosit o singură dată și este valabil ${plural('ro', days, { one: 'zi', few: 'zile', other: 'de zile' })}. Dacă nu vă așteptați la această invitație, ignorați acest e-mail.`,
};

/** The invitation's words in each of the fifteen languages. */
export const INVITATION_CATALOGS: Record<LanguageCode, InvitationCatalog> = {
  en,
  es,
  fr,
  de,
  pt,
  zh,
  ru,
  ja,
  ar,
  hi,
  vi,
  tl,
  pl,
  uk,
  ro,
};
