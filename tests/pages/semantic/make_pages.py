# ruff: noqa: E501  (the pages are written inline, one HTML line per source line)
"""Write the labelled page-type set (pNN.html + labels.json). Run once; the pages are committed.

Each page is written by hand below (content, language, structure); this script only adds
the shared head and numbers the files, so the file names say nothing of the type.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
CSS = """body{font-family:Arial,sans-serif;margin:0;color:#222;background:#fff}
header,.top{background:#f4f4f4;padding:10px 20px;display:flex;gap:16px;align-items:center}
main,.content{max-width:960px;margin:20px auto;padding:0 20px}
aside,.side{width:220px;float:left;padding:10px}footer,.bottom{border-top:1px solid #ccc;padding:16px 20px;color:#666;font-size:13px}
label{display:block;margin-top:10px}input,select,textarea{padding:6px;min-width:260px}
button{padding:8px 16px;margin-top:10px}.card{display:inline-block;width:200px;margin:8px;vertical-align:top;border:1px solid #ddd;padding:8px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:6px;text-align:left}
h1{font-size:30px}.metric{display:inline-block;width:180px;padding:12px;margin:6px;border:1px solid #ddd}
.metric b{font-size:26px;display:block}"""


def page(title: str, body: str, lang: str = "en") -> str:
    return (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{title}</title>\n<style>{CSS}</style></head>\n<body>\n{body}\n</body></html>\n")


def nav(*items: str) -> str:
    return "<nav>" + " ".join(f'<a href="#{i}">{i}</a>' for i in items) + "</nav>"


LOREM_EN = ("The city council approved the new transit plan on Tuesday after months of debate, "
            "promising faster buses, protected bike lanes and a redesigned central station that "
            "officials say will cut average commute times by a fifth within three years. ")

PAGES: list[tuple[str, str]] = []


def add(kind: str, html: str) -> None:
    PAGES.append((kind, html))


# ---------------------------------------------------------------- search_engine
add("search_engine", page("Findly", """<header><a href="#about">About</a><a href="#store">Store</a>
<span style="flex:1"></span><a href="#mail">Mail</a><a href="#images">Images</a><a href="#signin">Sign in</a></header>
<main style="text-align:center;margin-top:120px"><div style="font-size:64px;color:#36c">Findly</div>
<form action="/search" role="search"><input type="search" name="q" aria-label="Search" style="width:480px">
<div><button>Findly Search</button> <button>I'm Feeling Lucky</button></div></form>
<p style="font-size:13px">Findly offered in: <a href="#fr">Français</a> <a href="#de">Deutsch</a></p></main>
<footer><a href="#adv">Advertising</a> · <a href="#biz">Business</a> · <a href="#priv">Privacy</a> · <a href="#terms">Terms</a></footer>"""))
add("search_engine", page("搜一搜，你就知道", """<div class="top"><a href="#news">新闻</a><a href="#map">地图</a><a href="#video">视频</a><a href="#tieba">贴吧</a><span style="flex:1"></span><a href="#login">登录</a></div>
<div class="content" style="text-align:center;margin-top:140px"><div style="font-size:56px;color:#c33">搜一搜</div>
<form action="/s"><input name="wd" autocomplete="off" style="width:520px"><button type="submit">搜一搜</button></form>
<p style="font-size:13px">热搜：<a href="#a">今日天气</a> <a href="#b">新能源汽车</a></p></div>
<div class="bottom">关于我们 · 使用前必读 · 意见反馈 · 京ICP证000000号</div>""", "zh"))
add("search_engine", page("Suchmaschine Weitblick", """<header><b>Weitblick</b><span style="flex:1"></span><a href="#einst">Einstellungen</a></header>
<main style="text-align:center;margin-top:150px"><h1 style="font-size:48px">Weitblick</h1>
<div role="search"><input name="q" placeholder="Im Web suchen" style="width:500px"><button>Suchen</button></div>
<p style="font-size:12px">Privat suchen, ohne Tracking.</p></main>
<footer>Impressum · Datenschutz · Werbung</footer>""", "de"))

# ---------------------------------------------------------------- search_results
def results(items: list[tuple[str, str]], q: str, head: str, more: str, lang: str,
            next_label: str, title: str) -> str:
    blocks = "\n".join(
        f'<div class="result"><cite>https://example{i}.org/{t.split()[0].lower()}</cite>'
        f'<h3><a href="#r{i}">{t}</a></h3><p>{s}</p></div>' for i, (t, s) in enumerate(items))
    pages = " ".join(f'<a href="#p{n}">{n}</a>' for n in range(2, 8))
    return page(title, f"""<header><b>Findly</b><form role="search"><input type="search" name="q" value="{q}" aria-label="Search"><button>Search</button></form></header>
<main><p style="color:#666">{head}</p>{blocks}
<nav aria-label="pagination">{pages} <a href="#next">{next_label}</a></nav></main><footer>{more}</footer>""", lang)


add("search_results", results([
    ("Python Tutorial — Learn Python in 10 Minutes", "A practical introduction to Python covering variables, loops, functions and modules."),
    ("The Python Tutorial — Python 3 documentation", "This tutorial introduces the reader informally to the basic concepts and features of the language."),
    ("Python for Beginners: Full Course", "Watch this free course to learn programming with Python from scratch, with exercises."),
    ("Learn Python — Free Interactive Tutorial", "Welcome to the interactive Python tutorial, whether you are an experienced programmer or not."),
    ("Python Exercises, Practice, Solution", "Practice with solution of exercises on Python basics, data types, control flow."),
    ("Python Tutorial for absolute beginners", "Step by step guide with examples for every chapter and a quiz at the end."),
], "python tutorial", "About 1,240,000,000 results (0.41 seconds)", "Help · Send feedback · Privacy", "en", "Next",
    "python tutorial - Findly Search"))
add("search_results", results([
    ("Receta de paella valenciana tradicional", "Aprende a preparar la auténtica paella valenciana con pollo, conejo y judías verdes."),
    ("Paella de marisco: receta fácil paso a paso", "Una receta sencilla de paella de marisco para seis personas, lista en 45 minutos."),
    ("Los 10 errores al hacer paella", "Evita estos errores comunes y consigue el socarrat perfecto en casa."),
    ("Historia de la paella", "Origen del plato más famoso de la cocina española y sus variantes regionales."),
    ("Paella mixta — Recetas de la abuela", "La receta familiar de paella mixta con carne y marisco, explicada con fotos."),
], "receta paella", "Aproximadamente 8.300.000 resultados para «receta paella»", "Ayuda · Privacidad · Condiciones", "es", "Siguiente",
    "receta paella - Buscar"))
add("search_results", results([
    ("東京の天気 - 10日間予報", "東京都の今日、明日、10日間の天気予報。気温、降水確率、風速を確認できます。"),
    ("東京 天気予報 | 気象情報サイト", "1時間ごとの天気、週間天気、雨雲レーダーを提供しています。"),
    ("今日の東京の天気は晴れ時々くもり", "最高気温は18度、最低気温は9度の予想です。"),
    ("東京の過去の天気", "過去の気象データを日別、月別に検索できます。"),
    ("東京の服装指数", "今日の天気に合わせたおすすめの服装を紹介します。"),
], "東京 天気", "検索結果 約 45,600,000 件（0.32 秒）", "ヘルプ · プライバシー · 規約", "ja", "次へ", "東京 天気 - 検索"))
add("search_results", results([
    ("Cách nấu phở bò Hà Nội chuẩn vị", "Hướng dẫn nấu phở bò với nước dùng trong, thơm mùi quế hồi."),
    ("Phở bò - Công thức đơn giản tại nhà", "Chỉ với vài nguyên liệu bạn có thể nấu phở ngon cho cả gia đình."),
    ("Bí quyết nấu nước dùng phở", "Những mẹo giúp nước phở trong và ngọt tự nhiên."),
    ("Phở gà hay phở bò?", "So sánh hai món phở nổi tiếng nhất Việt Nam."),
    ("Lịch sử món phở", "Nguồn gốc và sự phát triển của phở qua các thời kỳ."),
], "nấu phở", "Khoảng 2.100.000 kết quả tìm kiếm cho «nấu phở»", "Trợ giúp · Quyền riêng tư", "vi", "Trang sau", "nấu phở - Tìm kiếm"))

# ---------------------------------------------------------------- login
add("login", (HERE / "p01.html").read_text() if (HERE / "p01.html").exists() else "")
add("login", page("登录 - 云账号", """<div class="top"><b>云账号</b></div><div class="content" style="max-width:400px">
<h2>账号登录</h2><div><label>手机号或邮箱<input name="account" placeholder="请输入手机号或邮箱"></label>
<label>密码<input type="password" name="pwd" placeholder="请输入密码"></label>
<label><input type="checkbox"> 七天内自动登录</label><button>登录</button>
<p><a href="#forget">忘记密码</a> | <a href="#reg">免费注册</a></p></div></div>
<div class="bottom">© 2026 云账号 隐私政策</div>""", "zh"))
add("login", page("Connexion — MaBanque", """<header><b>MaBanque</b><span style="flex:1"></span><a href="#aide">Aide</a></header>
<main style="max-width:420px"><h1>Connexion à votre espace client</h1><form>
<label for="id">Identifiant client</label><input id="id" name="identifiant" inputmode="numeric">
<label for="mdp">Mot de passe</label><input id="mdp" type="password" name="motdepasse">
<div class="g-captcha" style="width:300px;height:70px;border:1px solid #ccc">Je ne suis pas un robot</div>
<button type="submit">Se connecter</button></form><p><a href="#oubli">Mot de passe oublié ?</a></p>
<p>Protégez vos codes : MaBanque ne vous les demandera jamais par e-mail.</p></main>
<footer>Mentions légales · Sécurité · Cookies</footer>""", "fr"))
add("login", page("ログイン | ショップ", """<header><a href="/">ショップ</a></header><main style="max-width:420px">
<h1>ログイン</h1><form><label>メールアドレス<input type="email" name="mail"></label>
<label>パスワード<input type="password" name="password"></label><button>ログイン</button></form>
<p><a href="#f">パスワードを忘れた方</a></p><p>初めてご利用の方は<a href="#n">新規会員登録</a></p></main>""", "ja"))
add("login", page("Đăng nhập - Cổng thông tin", """<header><b>Cổng thông tin</b></header><main style="max-width:420px">
<h1>Đăng nhập</h1><form><label>Tên đăng nhập<input name="username"></label>
<label>Mật khẩu<input type="password" name="matkhau"></label><label><input type="checkbox"> Ghi nhớ đăng nhập</label>
<button>Đăng nhập</button></form><p><a href="#q">Quên mật khẩu?</a></p></main><footer>© 2026</footer>""", "vi"))

# ---------------------------------------------------------------- register
add("register", page("Create your account — Streamly", """<header><b>Streamly</b><span style="flex:1"></span>Already have an account? <a href="#login">Log in</a></header>
<main style="max-width:460px"><h1>Create your account</h1><form>
<label>Full name<input name="fullname" autocomplete="name"></label><label>Email<input type="email" name="email"></label>
<label>Password<input type="password" name="password" autocomplete="new-password"></label>
<label>Confirm password<input type="password" name="password2" autocomplete="new-password"></label>
<label><input type="checkbox" required> I agree to the Terms of Service</label><button>Sign up</button></form></main>
<footer>Terms · Privacy</footer>"""))
add("register", page("Registrieren | Forum", """<header><b>Das Forum</b></header><main style="max-width:460px">
<h1>Neues Konto erstellen</h1><form><label>Benutzername<input name="user"></label><label>E-Mail-Adresse<input type="email" name="mail"></label>
<label>Passwort<input type="password" name="pass1"></label><label>Passwort bestätigen<input type="password" name="pass2"></label>
<label>Geburtsjahr<select name="jahr"><option>1990</option><option>2000</option></select></label>
<button>Registrieren</button></form><p>Schon registriert? <a href="#anmelden">Anmelden</a></p></main>""", "de"))
add("register", page("Regístrate - Tienda", """<header><b>Tienda</b></header><main style="max-width:460px">
<h1>Crear cuenta</h1><form><label>Nombre<input name="nombre"></label><label>Apellidos<input name="apellidos"></label>
<label>Correo electrónico<input type="email" name="correo"></label><label>Teléfono<input type="tel" name="tel"></label>
<label>Contraseña<input type="password" name="clave"></label><button>Registrarse</button></form>
<p>¿Ya tienes cuenta? <a href="#login">Iniciar sesión</a></p></main>""", "es"))

# ---------------------------------------------------------------- form
add("form", page("Contact us — Greenleaf", """<header><b>Greenleaf</b>""" + nav("Home", "Services", "Contact") + """</header>
<main><h1>Contact us</h1><p>We answer every message within two working days.</p><form>
<label>Your name<input name="name" required></label><label>Email<input type="email" name="email" required></label>
<label>Topic<select name="topic"><option>Sales</option><option>Support</option></select></label>
<label>Your message<textarea name="message" rows="6"></textarea></label><button>Submit</button></form></main>
<footer>Greenleaf Ltd · 12 Garden Road</footer>"""))
add("form", page("Candidature — Atelier Lumière", """<header><b>Atelier Lumière</b></header><main>
<h1>Formulaire de candidature</h1><form><fieldset><legend>Vos informations</legend>
<label>Nom<input name="nom"></label><label>Prénom<input name="prenom"></label><label>Ville<input name="ville"></label></fieldset>
<fieldset><legend>Poste souhaité</legend><label><input type="radio" name="poste"> Designer</label><label><input type="radio" name="poste"> Développeur</label></fieldset>
<label>CV<input type="file" name="cv"></label><label>Lettre de motivation<textarea name="lettre"></textarea></label>
<button>Envoyer ma candidature</button></form></main>""", "fr"))
add("form", page("Khảo sát khách hàng", """<header><b>Khảo sát</b></header><main><h1>Khảo sát mức độ hài lòng</h1>
<form><label>Họ và tên<input name="hoten"></label><label>Số điện thoại<input type="tel" name="sdt"></label>
<p>Bạn hài lòng với dịch vụ của chúng tôi?</p><label><input type="radio" name="hl"> Rất hài lòng</label>
<label><input type="radio" name="hl"> Bình thường</label><label><input type="radio" name="hl"> Không hài lòng</label>
<label>Góp ý<textarea name="gopy"></textarea></label><button>Gửi khảo sát</button></form></main>""", "vi"))
add("form", page("Kontaktformular — Stadtwerke", """<div class="top"><b>Stadtwerke</b></div><div class="content">
<h1>Kontaktformular</h1><div><label>Anrede<select name="anrede"><option>Frau</option><option>Herr</option></select></label>
<label>Name<input name="name"></label><label>Kundennummer<input name="kdnr"></label><label>Anliegen<textarea name="text"></textarea></label>
<button>Absenden</button></div></div>""", "de"))

# ---------------------------------------------------------------- article
def article(title: str, lead: str, paras: list[str], lang: str, extra: str = "", byline: str = "") -> str:
    body = "\n".join(f"<p>{p}</p>" for p in paras)
    return page(title, f"""<header><b>Daily Ledger</b>{nav("World", "Politics", "Business", "Tech", "Sport")}</header>
<main><article><h1>{title}</h1><p class="byline" style="color:#777">{byline}</p>
<p class="lead" style="font-size:20px">{lead}</p>{body}</article></main>
<aside><h3>Most read</h3><ul><li><a href="#a">Storm closes schools</a></li><li><a href="#b">Markets rally</a></li></ul></aside>
<footer>© Daily Ledger · Privacy · Terms</footer>{extra}""", lang)


add("article", article("City approves new transit plan after months of debate",
                       "Faster buses, protected bike lanes and a new central station are coming to the city by 2029.",
                       [LOREM_EN * 3, LOREM_EN * 2, LOREM_EN * 3, LOREM_EN * 2], "en", byline="By Maria Lopez · 6 min read · Published March 3"))
add("article", article("新能源汽车销量创历史新高",
                       "今年前十个月，新能源汽车累计销量同比增长超过三成，市场渗透率首次突破百分之四十。",
                       ["业内人士表示，电池成本下降和充电网络的完善是销量增长的主要原因。" * 6,
                        "与此同时，多家车企宣布将在明年推出更多价格更亲民的车型，以满足二三线城市消费者的需求。" * 5,
                        "专家提醒，行业快速扩张的同时也面临产能过剩和价格战的风险，需要政策进一步引导。" * 5], "zh",
                       byline="作者：李明 · 发布于 2026年11月3日"))
add("article", article("Dix conseils pour un potager réussi",
                       "Du choix des semences à l'arrosage, voici comment obtenir de belles récoltes dès la première année.",
                       ["Commencez petit : une parcelle de quelques mètres carrés suffit pour apprendre. " * 5,
                        "Observez l'ensoleillement de votre jardin avant de choisir l'emplacement des cultures. " * 5,
                        "Paillez le sol pour garder l'humidité et limiter les mauvaises herbes pendant l'été. " * 5], "fr",
                       byline="Publié le 2 avril · 7 min de lecture"))
add("article", article("La sequía obliga a restringir el riego en tres provincias",
                       "Los embalses están al 28 % de su capacidad y el gobierno regional anuncia nuevas medidas de ahorro.",
                       ["Las restricciones afectarán a jardines, piscinas y al lavado de vehículos a partir del lunes. " * 5,
                        "Los agricultores piden ayudas para compensar las pérdidas de una campaña que ya se da por perdida. " * 5,
                        "Los expertos recuerdan que los periodos de sequía serán más frecuentes en las próximas décadas. " * 5], "es",
                       byline="Por Ana Ruiz · Publicado el 12 de julio",
                       extra="""<div class="cookie-banner" role="dialog" aria-label="Cookies" style="position:fixed;bottom:0;left:0;right:0;background:#333;color:#fff;padding:16px">
<p>Usamos cookies para mejorar tu experiencia. Puedes aceptarlas o configurarlas.</p><button>Aceptar</button> <button>Configurar</button></div>"""))

# ---------------------------------------------------------------- list
def cards(items: list[tuple[str, str]], button: str) -> str:
    return "".join(f'<div class="card"><div style="height:90px;background:#eee"></div><h4><a href="#i{i}">{n}</a></h4>'
                   f'<div class="price">{p}</div><button>{button}</button></div>' for i, (n, p) in enumerate(items))


add("list", page("Running shoes — SportHub", """<header><b>SportHub</b>""" + nav("Men", "Women", "Kids", "Sale") + """</header>
<main><h1>Running shoes</h1><p>Showing 1–12 of 86 products</p><label>Sort by <select><option>Popularity</option><option>Price: low to high</option></select></label>
""" + cards([("Air Glide 3", "$89.99"), ("Trail Runner X", "$120.00"), ("Street Pace", "$64.50"), ("Cloud Step", "$99.00"),
             ("Marathon Pro", "$149.99"), ("Light Flex", "$54.99"), ("Road King", "$110.00"), ("Sprint Lite", "$75.00")], "Add to cart") + """
<nav><a href="#2">Next page</a></nav></main><footer>SportHub · Shipping · Returns</footer>"""))
add("list", page("Kaffeemaschinen | Haushalt24", """<header><b>Haushalt24</b></header><aside><h3>Filtern</h3>
<label><input type="checkbox"> Siebträger</label><label><input type="checkbox"> Vollautomat</label><label>Preis<select><option>bis 200 €</option></select></label></aside>
<main><h1>Kaffeemaschinen</h1><p>124 Produkte · Sortieren nach: Beliebtheit</p>""" +
    cards([("Barista Pro", "399,00 €"), ("Kaffee Klassik", "89,99 €"), ("Crema One", "249,00 €"), ("Espresso Duo", "179,00 €"),
           ("Filter Max", "49,99 €"), ("Bohne Deluxe", "699,00 €")], "In den Warenkorb") + "</main>", "de"))
add("list", page("商品一覧 | 文具ストア", """<header><b>文具ストア</b></header><main><h1>ボールペン 商品一覧</h1><p>全 48 件 並べ替え：人気順</p>
<ul>""" + "".join(f'<li><a href="#p{i}">{n}</a> <span>{p}</span></li>' for i, (n, p) in enumerate([
        ("ジェルボールペン 0.5mm 黒", "¥165"), ("多色ボールペン 4色", "¥660"), ("油性ボールペン 10本セット", "¥880"),
        ("消せるボールペン 青", "¥220"), ("高級ボールペン 木軸", "¥3,300"), ("ノック式ボールペン 赤", "¥110"),
        ("蛍光ペン 5色セット", "¥550"), ("シャープペン 0.3mm", "¥440"), ("万年筆 入門モデル", "¥1,650")])) + "</ul></main>", "ja"))
add("list", page("Archive — Notes from the Field", """<header><b>Notes from the Field</b></header><main><h1>All posts</h1><ul>""" +
    "".join(f'<li><a href="#post{i}">{t}</a> — <time>2026-0{1 + i % 9}-1{i % 9}</time></li>' for i, t in enumerate([
        "Tracking glaciers with cheap sensors", "What a year of birdsong taught me", "Packing list for the high desert",
        "Why our rain gauge lied", "Field notes: spring migration", "Repairing a tent pole on the trail",
        "The best maps for remote work", "Counting frogs at night", "A week without signal", "Soil samples and patience",
        "How we built the weather station", "Lessons from a flooded camp"])) + "</ul></main><footer>RSS · About</footer>"))

# ---------------------------------------------------------------- email_compose
add("email_compose", page("New message - Postbox", """<header><b>Postbox</b></header><aside>""" + nav("Inbox", "Sent", "Drafts") + """</aside>
<main><h2>New message</h2><form><label>To<input name="to" type="email" multiple></label><label>Cc<input name="cc"></label>
<label>Subject<input name="subject"></label><textarea name="body" rows="12" aria-label="Message body"></textarea>
<div><button>Send</button> <button type="button">Attach</button> <button type="button">Discard</button></div></form></main>"""))
add("email_compose", page("写邮件 - 邮箱", """<div class="top"><b>邮箱</b></div><div class="side"><a href="#in">收件箱</a><br><a href="#cg">草稿箱</a></div>
<div class="content"><h2>写邮件</h2><label>收件人<input name="to"></label><label>抄送<input name="cc"></label>
<label>主题<input name="subject"></label><div contenteditable="true" style="border:1px solid #ccc;min-height:200px" aria-label="正文"></div>
<button>发送</button> <button>存草稿</button></div>""", "zh"))
add("email_compose", page("Nouveau message — Courriel", """<header><b>Courriel</b></header><main><h2>Nouveau message</h2>
<form><label>À<input name="destinataire"></label><label>Objet<input name="objet"></label>
<textarea name="corps" rows="10"></textarea><button>Envoyer</button></form></main>""", "fr"))

# ---------------------------------------------------------------- email_inbox
def inbox(title: str, folders: list[str], rows: list[tuple[str, str, str]], lang: str, heading: str) -> str:
    trs = "".join(f'<tr><td><input type="checkbox" aria-label="Select"></td><td><b>{s}</b></td><td><a href="#m{i}">{t}</a></td><td>{d}</td></tr>'
                  for i, (s, t, d) in enumerate(rows))
    return page(title, f"""<header><b>{title}</b><input type="search" aria-label="Search mail"></header>
<aside><button>Compose</button>{nav(*folders)}</aside><main><h2>{heading}</h2><table>{trs}</table></main>""", lang)


add("email_inbox", inbox("Postbox Mail", ["Inbox", "Starred", "Sent", "Drafts", "Spam"], [
    ("GitHub", "Your weekly digest", "9:41"), ("Anna Berg", "Lunch on Friday?", "8:15"), ("Bank", "Your statement is ready", "Yesterday"),
    ("Airline", "Check in for your flight", "Yesterday"), ("Team", "Sprint planning notes", "Mon"), ("Shop", "Your order has shipped", "Sun")],
    "en", "Inbox (3 unread)"))
add("email_inbox", inbox("Correo", ["Bandeja de entrada", "Destacados", "Enviados", "Borradores"], [
    ("Lucía", "Fotos del viaje", "10:02"), ("Banco", "Nuevo extracto", "09:30"), ("Marta", "Reunión del lunes", "ayer"),
    ("Tienda", "Tu pedido está en camino", "ayer"), ("Club", "Horario de verano", "lun")], "es", "Bandeja de entrada"))
add("email_inbox", inbox("メール", ["受信トレイ", "スター付き", "送信済み", "下書き"], [
    ("田中", "来週の打ち合わせ", "10:12"), ("ストア", "ご注文の発送", "9:03"), ("銀行", "取引明細のお知らせ", "昨日"),
    ("佐藤", "資料の確認", "昨日"), ("ニュース", "今週のまとめ", "月曜")], "ja", "受信トレイ（未読 2）"))

# ---------------------------------------------------------------- dashboard
def dash(title: str, metrics: list[tuple[str, str]], lang: str, side: list[str], table_head: str) -> str:
    m = "".join(f'<div class="metric"><span>{k}</span><b>{v}</b></div>' for k, v in metrics)
    chart = ('<svg width="420" height="180" role="img" aria-label="chart"><polyline fill="none" stroke="#36c" '
             'points="0,150 60,120 120,130 180,80 240,90 300,40 360,60 420,20"/></svg>')
    rows = "".join(f"<tr><td>Item {i}</td><td>{i * 37}</td><td>{i * 3}%</td></tr>" for i in range(1, 6))
    return page(title, f"""<header><b>{title}</b></header><aside>{nav(*side)}</aside><main><h1>{title}</h1>{m}
<div>{chart} {chart.replace('420', '300')}</div><h3>{table_head}</h3><table>{rows}</table></main>""", lang)


add("dashboard", dash("Analytics overview", [("Active users", "12,480"), ("Revenue", "$48,210"), ("Conversion", "3.2%"), ("Bounce rate", "41%")],
                      "en", ["Overview", "Reports", "Audience", "Settings"], "Top pages (last 30 days)"))
add("dashboard", dash("Bảng điều khiển", [("Doanh thu", "₫1.250.000.000"), ("Đơn hàng", "3.420"), ("Khách mới", "512"), ("Tỉ lệ hủy", "2,1%")],
                      "vi", ["Tổng quan", "Đơn hàng", "Sản phẩm", "Báo cáo"], "Sản phẩm bán chạy"))
add("dashboard", dash("Übersicht", [("Umsatz", "84.300 €"), ("Bestellungen", "1.204"), ("Retouren", "3,4%"), ("Besucher", "45.120")],
                      "de", ["Übersicht", "Berichte", "Kunden"], "Berichte"))

# ---------------------------------------------------------------- settings
add("settings", page("Settings — Notely", """<header><b>Notely</b></header><aside>""" + nav("Profile", "Notifications", "Privacy", "Billing") + """</aside>
<main><h1>Settings</h1><h2>Notifications</h2><label><input type="checkbox" checked> Email me about comments</label>
<label><input type="checkbox"> Weekly summary</label><label><input type="checkbox" role="switch" checked> Push notifications</label>
<label><input type="checkbox"> Product news</label><h2>Preferences</h2><label>Language<select><option>English</option><option>Deutsch</option></select></label>
<label>Time zone<select><option>UTC</option><option>Europe/Berlin</option></select></label><button>Save changes</button></main>"""))
add("settings", page("设置 - 笔记", """<div class="top"><b>笔记</b></div><div class="content"><h1>账号设置</h1>
<h3>通知</h3><label><input type="checkbox"> 接收邮件通知</label><label><input type="checkbox"> 接收短信通知</label>
<label><input type="checkbox"> 每周摘要</label><label><input type="checkbox"> 新功能提醒</label>
<h3>偏好</h3><label>语言<select><option>简体中文</option></select></label><label>主题<select><option>浅色</option><option>深色</option></select></label>
<button>保存更改</button></div>""", "zh"))
add("settings", page("Paramètres du compte", """<header><b>Compte</b></header><main><h1>Paramètres</h1>
<section><h2>Confidentialité</h2><label><input type="checkbox"> Profil public</label><label><input type="checkbox"> Afficher mon e-mail</label>
<label><input type="checkbox"> Autoriser les messages</label><label><input type="checkbox"> Double authentification</label></section>
<section><h2>Préférences</h2><label>Langue<select><option>Français</option></select></label><label>Fuseau horaire<select><option>Europe/Paris</option></select></label></section>
<button>Enregistrer</button></main>""", "fr"))

# ---------------------------------------------------------------- checkout
add("checkout", page("Checkout — SportHub", """<header><b>SportHub</b> Secure checkout</header><main><h1>Checkout</h1>
<section><h2>Shipping address</h2><label>Full name<input name="name" autocomplete="name"></label><label>Street address<input name="address" autocomplete="street-address"></label>
<label>City<input name="city"></label><label>ZIP code<input name="zip" autocomplete="postal-code"></label></section>
<section><h2>Payment</h2><label>Card number<input name="cardnumber" autocomplete="cc-number"></label><label>Expiry<input name="exp" autocomplete="cc-exp"></label>
<label>CVC<input name="cvc" autocomplete="cc-csc"></label></section>
<aside><h3>Order summary</h3><p>Air Glide 3 — $89.99</p><p>Shipping — $4.99</p><p><b>Total $94.98</b></p></aside><button>Place order</button></main>"""))
add("checkout", page("Kasse — Haushalt24", """<header><b>Haushalt24</b></header><main><h1>Zur Kasse</h1>
<h2>Lieferadresse</h2><label>Name<input name="name"></label><label>Straße und Hausnummer<input name="strasse"></label>
<label>PLZ<input name="plz" autocomplete="postal-code"></label><label>Ort<input name="ort"></label>
<h2>Zahlung</h2><label><input type="radio" name="z"> Kreditkarte</label><label><input type="radio" name="z"> PayPal</label>
<label>Kartennummer<input name="kartennummer" autocomplete="cc-number"></label><p>Zwischensumme 399,00 € · Versand 0,00 €</p>
<button>Jetzt kaufen</button></main>""", "de"))
add("checkout", page("Thanh toán - Cửa hàng", """<header><b>Cửa hàng</b></header><main><h1>Thanh toán</h1>
<label>Họ tên người nhận<input name="hoten"></label><label>Địa chỉ giao hàng<input name="diachi"></label><label>Số điện thoại<input name="sdt"></label>
<h2>Phương thức thanh toán</h2><label>Số thẻ<input name="sothe" autocomplete="cc-number"></label>
<p>Tạm tính: 450.000₫</p><p>Phí giao hàng: 30.000₫</p><button>Đặt hàng</button></main>""", "vi"))

# ---------------------------------------------------------------- unknown
add("unknown", page("404 — Not found", """<main style="text-align:center;margin-top:160px"><h1>404</h1><p>Oops.</p><a href="/">Home</a></main>"""))
add("unknown", page("Gallery", """<main>""" + "".join(
    '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="180" height="120" alt="">' for _ in range(9)) + "</main>"))


def main() -> None:
    labels = {}
    for n, (kind, html) in enumerate(PAGES, 1):
        name = f"p{n:02d}.html"
        if html:
            (HERE / name).write_text(html, encoding="utf-8")
        labels[name] = kind
    (HERE / "labels.json").write_text(json.dumps(labels, indent=1) + "\n", encoding="utf-8")
    print(len(labels), "pages")


if __name__ == "__main__":
    main()
