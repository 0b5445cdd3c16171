import type { Language } from './languages.js';

/**
 * Every message the server sends back, by stable code, in every language. The web app loads the same table into
 * i18next, so a code means the same words on both sides. `{{name}}` marks a parameter.
 */
const en = {
  'validation.failed': 'Some fields are not valid. Please check the data.',
  'validation.required': 'Required',
  'validation.invalid': 'Invalid value',
  'validation.email': 'Invalid e-mail',
  'validation.password_min': 'The password must have at least 8 characters.',
  'validation.password_mismatch': "The passwords don't match.",
  'validation.too_long': 'Too long',
  'validation.max_length': 'At most {{max}} characters',
  'validation.signal_key': 'Use lower-case letters, digits and _, starting with a letter.',
  'validation.lora_eui': 'A LoRa DevEUI is 16 hexadecimal characters (0-9, A-F).',
  'validation.mac': 'A MAC address is 12 hexadecimal characters (0-9, A-F).',
  'validation.sigfox_id': 'A Sigfox ID is 1 to 8 hexadecimal characters (0-9, A-F).',
  'validation.imei': 'An IMEI is 15 digits, the last one a valid check digit.',
  'validation.timezone': 'The timezone must be between -12 and 12.',
  'validation.phone': 'Only digits and the characters ( ) + - are allowed.',
  'validation.date_range': 'The end date must not be before the start date.',
  'validation.time': 'Use the format HH:MM.',
  'validation.url': 'Enter a web address starting with http:// or https://.',
  'validation.host_name': 'Enter a server name, such as my.geotab.com.',
  'validation.push_endpoint': 'Push endpoints must be https:// addresses of a public push service.',
  'validation.user_no_access': 'This user has no access to this business.',
  'validation.nul': 'Must not contain the NUL character.',
  'request.invalid_json': 'The request body is not valid JSON.',
  'request.too_large': 'The request is too large.',
  'request.headers_too_large': 'The request headers are too large.',
  'request.timeout': 'The request took too long to arrive.',
  'request.unsupported_media_type': 'This content type is not supported.',
  'request.failed': 'The request could not be processed.',
  not_found: 'Resource not found.',
  forbidden: 'Access denied.',
  conflict:
    'Conflict detected - Saving failed. The data in the server has been changed in the meantime. Please cancel the edition and try editing the data again.',
  'business.no_permission': "You don't have permission to edit this level",
  'business.has_devices':
    'This level cannot be deleted: it or one of its sublevels has devices. Move the devices or sublevels first.',
  'business.has_sublevels': 'This level cannot be deleted: it has sublevels. Move the devices or sublevels first.',
  'business.has_assets':
    'This level cannot be deleted: it or one of its sublevels has assets. Move the assets or sublevels first.',
  'business.has_places':
    'This level cannot be deleted: it or one of its sublevels has places or place groups. Delete them first.',
  'business.has_usage_licenses':
    'This level cannot be deleted: it or one of its sublevels holds usage licenses. Delete them first.',
  'business.has_contracts':
    'This level cannot be deleted: it or one of its sublevels holds contracts. Delete them first.',
  'business.move_target_not_found': 'The destination level does not exist.',
  'business.move_same_parent': 'The level is already under this destination.',
  'business.move_to_itself': 'A level cannot be moved under itself.',
  'business.move_to_descendant': 'A level cannot be moved under one of its own sublevels.',
  'business.invalid_email': 'Invalid email <{{email}}>',
  'business.user_already_added': '{{email}} is already in the list of users of this level.',
  'business.user_self': 'You cannot add, change or remove yourself.',
  'business.user_added': '{{email}} was added and will be told by e-mail.',
  'business.role_above_own': 'You cannot give or change a role above your own on this level.',
  'business.user_not_in_list': 'This user is not in the list of users of this level.',
  'business.lock_mismatch':
    'This level cannot be locked or unlocked now: its own lock and the lock of its sublevels differ.',
  'plan.limit_exceeded': 'Unavailable for your plan: the limit of {{limit}} was reached. Please contact support.',
  'plan.unavailable': 'Unavailable for your plan. Please contact support.',
  'device.unknown_type': 'Unknown device type {{type}}.',
  'device.network_id_taken': 'The network id {{networkId}} is already used by another device.',
  'device.network_not_supported': 'Devices of type {{type}} do not report through this network.',
  'device.not_configurable': 'Devices of this type take no parameters.',
  'device.preset_other_type': 'The preset is for another device type.',
  'device.preset_other_business': "The preset belongs to a business that is not this device's nor above it.",
  'device.csv_invalid': 'CSV file format is incorrect. Error at line {{line}}.',
  'device.level_denied': 'Your access properties to this level denies access to this data.',
  'device.move_held_back':
    'Not moved: other devices of the selection are on a level you do not administer. Remove them and move again.',
  'ingest.invalid_token': 'The integration token is missing or wrong.',
  'ingest.unknown_device': 'No device {{device}} is registered for this integration.',
  'ingest.not_internet_device':
    'Device {{device}} reports through LoRa or Sigfox: only Wi-Fi and cellular devices send messages over the internet.',
  'ingest.unknown_signal': 'The device type has no signal {{signal}}.',
  'integration.server_address_not_allowed':
    'The network server address {{host}} is on a private network, which is not allowed.',
  'alarm.already_acknowledged': 'This alarm was already acknowledged.',
  'alarm.not_snoozed': 'This alarm is not snoozed.',
  'alarm.rule_signal_not_numeric': 'Alarm rules apply only to the numeric value signals of the device type.',
  'alarm.forced_asset_moved': 'Asset {{asset}} moved to {{level}}.',
  'action.callback_address_not_allowed': 'The callback address {{host}} is on a private network, which is not allowed.',
  'geotab.invalid_credentials': 'Geotab: wrong username or password.',
  'geotab.session_expired': 'Geotab: the session token expired or is absent. Please authenticate again.',
  'geotab.unreachable': 'Geotab could not be reached. Please try again later.',
  'device.parameterization.WAITING': 'Waiting',
  'device.parameterization.SENT': 'Sent',
  'device.parameterization.CONFIRMED': 'Confirmed',
  'signal.key_taken': 'A signal with the key {{key}} already exists.',
  'signal.locked': 'This signal is locked for editing by {{user}}.',
  'signal.not_locked': 'Lock the signal for editing before saving it.',
  'signal.no_codec_definition': 'No device type defines a signal with the key {{key}}.',
  'preset.unknown_model': 'Unknown device type {{model}}.',
  'preset.model_not_configurable': 'Devices of type {{model}} take no parameters.',
  'parameter.not_decimal': 'Enter a plain decimal number, such as 12 or -3.5.',
  'parameter.integer_range': 'Must be a whole number from {{min}} to {{max}}{{unit}}.',
  'parameter.step_range': 'Must be from {{min}} to {{max}}{{unit}} in steps of {{step}}.',
  'parameter.below': 'Must be from {{min}} to less than {{max}}{{unit}} ({{other}}).',
  'parameter.unknown': 'Not a parameter of this device type.',
  'asset_type.name_taken': 'An asset type named {{name}} already exists.',
  'asset_type.field_name_taken': 'Each custom field needs a name of its own.',
  'asset_type.in_use': 'This asset type is used by {{count}} assets and cannot be deleted.',
  'asset.incomplete': 'Incomplete',
  'asset.unknown_field': 'This asset type has no field named {{field}}.',
  'asset.field_not_number': 'Enter a number.',
  'asset.field_not_option': 'Choose one of the options.',
  'asset.device_taken': 'The device {{device}} is already linked to another asset.',
  'asset.device_not_found': 'The device {{device}} does not exist in this level or its sublevels.',
  'asset.device_tied': 'The device {{device}} is linked to an asset: move the asset instead.',
  'asset.csv_invalid': 'CSV file format is incorrect. Error at line {{line}}.',
  'place.group_not_found': 'The group does not exist in this level or above it.',
  'place.area_invalid': 'The area is not valid: draw a circle or a polygon of at least 3 points.',
  'place_group.in_use': 'The group still has places: move or delete them first.',
  'contract.from_contract_invalid': 'Credits can only be carved from a contract of a level above this one.',
  'contract.carve_exceeds_left': 'The contract "{{contract}}" has only {{left}} credits left to give.',
  'contract.custom_period_required': 'A custom period needs its start and its end, the end after the start.',
  'contract.has_carved': 'Contracts of sublevels were given credits from this one: delete them first.',
  'contract.carved_purchase': "This contract's credits are a share of a contract above it: buy credits there.",
  'contract.field_not_changeable': "You may only change the credit limits of your sublevels' contracts.",
  'contract.credit_limit_reached': 'Credit limit reached, not sent: {{channel}}.',
  'credit.channel.sms': 'SMS',
  'credit.channel.whatsapp': 'WhatsApp message',
  'credit.channel.voice': 'voice call',
  'credit.channel.report': 'automatic report',
  'usage_license.in_use': 'Devices still name this license ({{count}}): give them another one first.',
  'usage_license.id_taken': 'The license id {{licenseId}} is taken in this level.',
  'device.usage_license_not_found': 'The usage license does not exist in this level or above it.',
  'journey.device_busy': 'The device is already in a journey.',
  'journey.device_not_found': 'The device {{device}} does not exist in this level or its sublevels.',
  'journey.not_running': 'Only a running journey can be paused.',
  'journey.not_paused': 'Only a paused journey can be restarted.',
  'journey.closed': 'The journey is finished or cancelled: it can only take comments.',
  'journey.comment_required': 'Write a comment.',
  'journey.finished_asset_moved': 'Finished: asset {{asset}} moved to {{level}}.',
  'journey.finished_device_moved': 'Finished: device {{device}} moved to {{level}}.',
  'journey.csv.kind': 'Kind',
  'journey.csv.leg': 'Leg',
  'journey.csv.stop': 'Stop',
  'journey.csv.start': 'Start',
  'journey.csv.end': 'End',
  'journey.csv.duration': 'Duration (min)',
  'journey.csv.place': 'Place',
  'journey.csv.start_lat': 'Start latitude',
  'journey.csv.start_lon': 'Start longitude',
  'journey.csv.end_lat': 'End latitude',
  'journey.csv.end_lon': 'End longitude',
  'journey.csv.distance': 'Distance (km)',
  'journey.csv.top_speed': 'Top speed (km/h)',
  'location.inTransit': 'In transit',
  'location.atPoi': 'At POI',
  'location.atForbiddenPoi': 'At forbidden POI',
  'location.atUnknownLocation': 'At unknown location',
  'location.lost': 'Lost',
  'location.unavailable': 'Unavailable',
  'server.error': 'An error has occurred.',
  'csrf.failed': 'The security token of this request is missing or wrong. Please reload the page and try again.',
  'auth.required': 'Please sign in to continue.',
  'auth.invalid_credentials': 'Login failed. Please check your credentials.',
  'auth.email_not_confirmed':
    'Your e-mail address is not confirmed yet. Please follow the link in the e-mail we sent you.',
  'auth.throttled': 'Too many failed sign-in attempts. Please try again in {{minutes}} minutes.',
  'auth.invalid_token': 'This sign-in token is not valid or has expired.',
  'auth.email_taken': 'This e-mail is already registered. If you forgot your password, you can recover it.',
  'auth.invalid_confirmation_key': 'It was not possible to confirm your e-mail. Please check the link.',
  'auth.wrong_current_password': "Current password doesn't match.",
  'auth.invalid_reset_link': 'This password reset link is not valid or has expired. Please ask for a new one.',
  'notification.alarm_raised.title': 'Alarm on {{device}}',
  'notification.alarm_raised.body': '{{signal}}: alarm #{{alarm}} raised (value {{value}}{{unit}}).',
  'notification.alarm_reactivated.title': 'Alarm on {{device}}',
  'notification.alarm_reactivated.body': '{{signal}}: alarm #{{alarm}} active again (value {{value}}{{unit}}).',
  'notification.alarm_unsnoozed.title': 'Alarm on {{device}}',
  'notification.alarm_unsnoozed.body': '{{signal}}: alarm #{{alarm}} active again after its snooze.',
  'notification.condition_raised.title': '{{device}}: {{signal}} in alarm',
  'notification.condition_raised.body': '{{device}}: {{signal}} is in alarm (value {{value}}{{unit}}).',
  'notification.condition_cleared.title': '{{device}}: {{signal}} back to normal',
  'notification.condition_cleared.body': '{{device}}: {{signal}} is back to normal (value {{value}}{{unit}}).',
  'notification.battery_low.title': 'Battery low',
  'notification.battery_low.body': '{{device}} has {{level}}% battery left. Plan a battery change.',
  'notification.journey_finished.title': 'Journey finished',
  'notification.journey_finished.body': 'The journey {{journey}} of {{vehicle}} finished.',
  'notification.contract_expiring.title': 'Contract about to expire',
  'notification.contract_expiring.body': 'The contract "{{contract}}" expires in {{days}} days.',
  'notification.contract_purchase.title': 'Contract bought',
  'notification.contract_purchase.body': 'The contract "{{contract}}" of {{business}} is bought and in force.',
  'notification.contract_pending.title': 'Contract pending',
  'notification.contract_pending.body': 'The contract "{{contract}}" of {{business}} waits for its purchase.',
  'notification.contract_reaching_limit.title': 'Contract reaching its limit',
  'notification.contract_reaching_limit.body':
    'The contract "{{contract}}" of {{business}} has used {{percent}}% of its credits or tokens.',
  'notification.contract_period_over_usage.title': 'Credits over the period limit',
  'notification.contract_period_over_usage.body':
    'The contract "{{contract}}" of {{business}} spent more than its limit for this period.',
  'notification.contract_expired.title': 'Contract expired',
  'notification.contract_expired.body':
    'The contract "{{contract}}" of {{business}} expired: its features and credits no longer apply.',
  'notification.credit_refused.title': 'Message not sent: no credits',
  'notification.credit_refused.body':
    'The contract "{{contract}}" reached its credit limit; not sent for {{device}}: {{channel}}.',
  'notification.sigfox_tokens.title': 'Sigfox tokens at {{percent}}%',
  'notification.sigfox_tokens.body':
    'The {{type}} contract has {{inUse}} of its {{max}} tokens in use. Buy more before new devices are refused.',
  'notification.account_confirmed.title': 'New account',
  'notification.account_confirmed.body': '{{email}} confirmed their e-mail address and can sign in.',
  'action.event_time': 'Time: {{time}} ({{zone}}).',
} as const;

export type MessageCode = keyof typeof en;

const pt: Record<MessageCode, string> = {
  'validation.failed': 'Alguns campos não são válidos. Por favor verifique os dados.',
  'validation.required': 'Obrigatório',
  'validation.invalid': 'Valor inválido',
  'validation.email': 'E-mail inválido',
  'validation.password_min': 'A palavra-passe deve ter pelo menos 8 caracteres.',
  'validation.password_mismatch': 'As palavras-passe não coincidem.',
  'validation.too_long': 'Demasiado longo',
  'validation.max_length': 'No máximo {{max}} caracteres',
  'validation.signal_key': 'Use letras minúsculas, dígitos e _, a começar por uma letra.',
  'validation.lora_eui': 'Um DevEUI LoRa tem 16 caracteres hexadecimais (0-9, A-F).',
  'validation.mac': 'Um endereço MAC tem 12 caracteres hexadecimais (0-9, A-F).',
  'validation.sigfox_id': 'Um Sigfox ID tem de 1 a 8 caracteres hexadecimais (0-9, A-F).',
  'validation.imei': 'Um IMEI tem 15 dígitos, sendo o último um dígito de controlo válido.',
  'validation.timezone': 'O fuso horário deve estar entre -12 e 12.',
  'validation.phone': 'Apenas são permitidos dígitos e os caracteres ( ) + -.',
  'validation.date_range': 'A data de fim não pode ser anterior à data de início.',
  'validation.time': 'Use o formato HH:MM.',
  'validation.url': 'Introduza um endereço web que comece por http:// ou https://.',
  'validation.host_name': 'Introduza um nome de servidor, como my.geotab.com.',
  'validation.push_endpoint': 'Os endereços de notificação push têm de ser endereços https:// de um serviço público.',
  'validation.user_no_access': 'Este utilizador não tem acesso a este nível.',
  'validation.nul': 'Não pode conter o carácter NUL.',
  'request.invalid_json': 'O corpo do pedido não é JSON válido.',
  'request.too_large': 'O pedido é demasiado grande.',
  'request.headers_too_large': 'Os cabeçalhos do pedido são demasiado grandes.',
  'request.timeout': 'O pedido demorou demasiado a chegar.',
  'request.unsupported_media_type': 'Este tipo de conteúdo não é suportado.',
  'request.failed': 'Não foi possível processar o pedido.',
  not_found: 'Recurso não encontrado.',
  forbidden: 'Acesso negado.',
  conflict:
    'Conflito detetado - Falha ao guardar. Os dados no servidor foram alterados entretanto. Por favor cancele a edição e tente editar os dados novamente.',
  'business.no_permission': 'Não tem permissão para editar este nível',
  'business.has_devices':
    'Este nível não pode ser eliminado: ele ou um dos seus subníveis tem dispositivos. Mova primeiro os dispositivos ou subníveis.',
  'business.has_sublevels':
    'Este nível não pode ser eliminado: tem subníveis. Mova primeiro os dispositivos ou subníveis.',
  'business.has_assets':
    'Este nível não pode ser eliminado: ele ou um dos seus subníveis tem ativos. Mova primeiro os ativos ou subníveis.',
  'business.has_places':
    'Este nível não pode ser eliminado: ele ou um dos seus subníveis tem locais ou grupos de locais. Elimine-os primeiro.',
  'business.has_usage_licenses':
    'Este nível não pode ser eliminado: ele ou um dos seus subníveis tem licenças de utilização. Elimine-as primeiro.',
  'business.has_contracts':
    'Este nível não pode ser eliminado: ele ou um dos seus subníveis tem contratos. Elimine-os primeiro.',
  'business.move_target_not_found': 'O nível de destino não existe.',
  'business.move_same_parent': 'O nível já se encontra sob este destino.',
  'business.move_to_itself': 'Um nível não pode ser movido para debaixo de si próprio.',
  'business.move_to_descendant': 'Um nível não pode ser movido para debaixo de um dos seus subníveis.',
  'business.invalid_email': 'E-mail inválido <{{email}}>',
  'business.user_already_added': '{{email}} já está na lista de utilizadores deste nível.',
  'business.user_self': 'Não pode adicionar, alterar ou remover-se a si próprio.',
  'business.user_added': '{{email}} foi adicionado e será avisado por e-mail.',
  'business.role_above_own': 'Não pode atribuir ou alterar um perfil acima do seu neste nível.',
  'business.user_not_in_list': 'Este utilizador não está na lista de utilizadores deste nível.',
  'business.lock_mismatch':
    'Este nível não pode ser bloqueado nem desbloqueado agora: o seu bloqueio e o dos seus subníveis diferem.',
  'plan.limit_exceeded': 'Indisponível no seu plano: o limite de {{limit}} foi atingido. Por favor contacte o suporte.',
  'plan.unavailable': 'Indisponível no seu plano. Por favor contacte o suporte.',
  'device.unknown_type': 'Tipo de dispositivo desconhecido {{type}}.',
  'device.network_id_taken': 'O identificador de rede {{networkId}} já é usado por outro dispositivo.',
  'device.network_not_supported': 'Os dispositivos do tipo {{type}} não comunicam por esta rede.',
  'device.not_configurable': 'Os dispositivos deste tipo não recebem parâmetros.',
  'device.preset_other_type': 'A predefinição é para outro tipo de dispositivo.',
  'device.preset_other_business':
    'A predefinição pertence a uma empresa que não é a deste dispositivo nem está acima dela.',
  'device.csv_invalid': 'O formato do ficheiro CSV está incorreto. Erro na linha {{line}}.',
  'device.level_denied': 'As suas propriedades de acesso a este nível negam o acesso a estes dados.',
  'device.move_held_back':
    'Não movido: outros dispositivos da seleção estão num nível que não administra. Retire-os e mova de novo.',
  'ingest.invalid_token': 'O token de integração falta ou está errado.',
  'ingest.unknown_device': 'Nenhum dispositivo {{device}} está registado para esta integração.',
  'ingest.not_internet_device':
    'O dispositivo {{device}} comunica por LoRa ou Sigfox: só dispositivos Wi-Fi e celulares enviam mensagens pela internet.',
  'ingest.unknown_signal': 'O tipo de dispositivo não tem o sinal {{signal}}.',
  'integration.server_address_not_allowed':
    'O endereço do servidor de rede {{host}} está numa rede privada, o que não é permitido.',
  'alarm.already_acknowledged': 'Este alarme já foi reconhecido.',
  'alarm.not_snoozed': 'Este alarme não está adiado.',
  'alarm.rule_signal_not_numeric':
    'As regras de alarme aplicam-se apenas aos sinais de valor numérico do tipo de dispositivo.',
  'alarm.forced_asset_moved': 'Ativo {{asset}} movido para {{level}}.',
  'action.callback_address_not_allowed':
    'O endereço de callback {{host}} está numa rede privada, o que não é permitido.',
  'geotab.invalid_credentials': 'Geotab: nome de utilizador ou palavra-passe errados.',
  'geotab.session_expired': 'Geotab: o token de sessão expirou ou está ausente. Por favor autentique-se novamente.',
  'geotab.unreachable': 'Não foi possível contactar a Geotab. Por favor tente mais tarde.',
  'device.parameterization.WAITING': 'Em espera',
  'device.parameterization.SENT': 'Enviado',
  'device.parameterization.CONFIRMED': 'Confirmado',
  'signal.key_taken': 'Já existe um sinal com a chave {{key}}.',
  'signal.locked': 'Este sinal está bloqueado para edição por {{user}}.',
  'signal.not_locked': 'Bloqueie o sinal para edição antes de o guardar.',
  'signal.no_codec_definition': 'Nenhum tipo de dispositivo define um sinal com a chave {{key}}.',
  'preset.unknown_model': 'Tipo de dispositivo desconhecido {{model}}.',
  'preset.model_not_configurable': 'Os dispositivos do tipo {{model}} não têm parâmetros.',
  'parameter.not_decimal': 'Introduza um número decimal simples, como 12 ou -3,5.',
  'parameter.integer_range': 'Deve ser um número inteiro de {{min}} a {{max}}{{unit}}.',
  'parameter.step_range': 'Deve ser de {{min}} a {{max}}{{unit}} em passos de {{step}}.',
  'parameter.below': 'Deve ser de {{min}} a menos de {{max}}{{unit}} ({{other}}).',
  'parameter.unknown': 'Não é um parâmetro deste tipo de dispositivo.',
  'asset_type.name_taken': 'Já existe um tipo de ativo com o nome {{name}}.',
  'asset_type.field_name_taken': 'Cada campo personalizado precisa de um nome próprio.',
  'asset_type.in_use': 'Este tipo de ativo é usado por {{count}} ativos e não pode ser eliminado.',
  'asset.incomplete': 'Incompleto',
  'asset.unknown_field': 'Este tipo de ativo não tem nenhum campo chamado {{field}}.',
  'asset.field_not_number': 'Introduza um número.',
  'asset.field_not_option': 'Escolha uma das opções.',
  'asset.device_taken': 'O dispositivo {{device}} já está associado a outro ativo.',
  'asset.device_not_found': 'O dispositivo {{device}} não existe neste nível nem nos seus subníveis.',
  'asset.device_tied': 'O dispositivo {{device}} está associado a um ativo: mova o ativo.',
  'asset.csv_invalid': 'O formato do ficheiro CSV está incorreto. Erro na linha {{line}}.',
  'place.group_not_found': 'O grupo não existe neste nível nem acima dele.',
  'place.area_invalid': 'A área não é válida: desenhe um círculo ou um polígono de pelo menos 3 pontos.',
  'place_group.in_use': 'O grupo ainda tem locais: mova-os ou elimine-os primeiro.',
  'contract.from_contract_invalid': 'Só se podem ceder créditos de um contrato de um nível acima deste.',
  'contract.carve_exceeds_left': 'O contrato "{{contract}}" só tem {{left}} créditos para ceder.',
  'contract.custom_period_required': 'Um período personalizado precisa de início e de fim, o fim depois do início.',
  'contract.has_carved': 'Foram cedidos créditos deste contrato a contratos de subníveis: apague-os primeiro.',
  'contract.carved_purchase':
    'Os créditos deste contrato são uma parte dos de um contrato acima dele: compre créditos nesse.',
  'contract.field_not_changeable': 'Só pode alterar os limites de créditos dos contratos dos seus subníveis.',
  'contract.credit_limit_reached': 'Limite de créditos atingido, não enviado: {{channel}}.',
  'credit.channel.sms': 'SMS',
  'credit.channel.whatsapp': 'mensagem de WhatsApp',
  'credit.channel.voice': 'chamada de voz',
  'credit.channel.report': 'relatório automático',
  'usage_license.in_use': 'Há dispositivos com esta licença ({{count}}): atribua-lhes outra primeiro.',
  'usage_license.id_taken': 'O identificador de licença {{licenseId}} já existe neste nível.',
  'device.usage_license_not_found': 'A licença de utilização não existe neste nível nem acima dele.',
  'journey.device_busy': 'O dispositivo já está numa viagem.',
  'journey.device_not_found': 'O dispositivo {{device}} não existe neste nível nem nos seus subníveis.',
  'journey.not_running': 'Só uma viagem em curso pode ser pausada.',
  'journey.not_paused': 'Só uma viagem pausada pode ser retomada.',
  'journey.closed': 'A viagem está terminada ou cancelada: só aceita comentários.',
  'journey.comment_required': 'Escreva um comentário.',
  'journey.finished_asset_moved': 'Terminada: ativo {{asset}} movido para {{level}}.',
  'journey.finished_device_moved': 'Terminada: dispositivo {{device}} movido para {{level}}.',
  'journey.csv.kind': 'Tipo',
  'journey.csv.leg': 'Trajeto',
  'journey.csv.stop': 'Paragem',
  'journey.csv.start': 'Início',
  'journey.csv.end': 'Fim',
  'journey.csv.duration': 'Duração (min)',
  'journey.csv.place': 'Local',
  'journey.csv.start_lat': 'Latitude inicial',
  'journey.csv.start_lon': 'Longitude inicial',
  'journey.csv.end_lat': 'Latitude final',
  'journey.csv.end_lon': 'Longitude final',
  'journey.csv.distance': 'Distância (km)',
  'journey.csv.top_speed': 'Velocidade máxima (km/h)',
  'location.inTransit': 'Em trânsito',
  'location.atPoi': 'No POI',
  'location.atForbiddenPoi': 'Em POI proibido',
  'location.atUnknownLocation': 'Em local desconhecido',
  'location.lost': 'Perdido',
  'location.unavailable': 'Indisponível',
  'server.error': 'Ocorreu um erro.',
  'csrf.failed':
    'O código de segurança deste pedido está em falta ou errado. Por favor recarregue a página e tente novamente.',
  'auth.required': 'Por favor inicie sessão para continuar.',
  'auth.invalid_credentials': 'Falha no início de sessão. Por favor verifique as suas credenciais.',
  'auth.email_not_confirmed':
    'O seu e-mail ainda não foi confirmado. Por favor siga a ligação do e-mail que lhe enviámos.',
  'auth.throttled':
    'Demasiadas tentativas falhadas de início de sessão. Tente novamente dentro de {{minutes}} minutos.',
  'auth.invalid_token': 'Este código de início de sessão não é válido ou expirou.',
  'auth.email_taken': 'Este e-mail já está registado. Se se esqueceu da palavra-passe, pode recuperá-la.',
  'auth.invalid_confirmation_key': 'Não foi possível confirmar o seu e-mail. Por favor verifique a ligação.',
  'auth.wrong_current_password': 'A palavra-passe atual não coincide.',
  'auth.invalid_reset_link':
    'Esta ligação de recuperação da palavra-passe não é válida ou expirou. Por favor peça uma nova.',
  'notification.alarm_raised.title': 'Alarme em {{device}}',
  'notification.alarm_raised.body': '{{signal}}: alarme n.º {{alarm}} disparado (valor {{value}}{{unit}}).',
  'notification.alarm_reactivated.title': 'Alarme em {{device}}',
  'notification.alarm_reactivated.body': '{{signal}}: alarme n.º {{alarm}} novamente ativo (valor {{value}}{{unit}}).',
  'notification.alarm_unsnoozed.title': 'Alarme em {{device}}',
  'notification.alarm_unsnoozed.body': '{{signal}}: alarme n.º {{alarm}} novamente ativo depois do adiamento.',
  'notification.condition_raised.title': '{{device}}: {{signal}} em alarme',
  'notification.condition_raised.body': '{{device}}: {{signal}} está em alarme (valor {{value}}{{unit}}).',
  'notification.condition_cleared.title': '{{device}}: {{signal}} de volta ao normal',
  'notification.condition_cleared.body': '{{device}}: {{signal}} voltou ao normal (valor {{value}}{{unit}}).',
  'notification.battery_low.title': 'Bateria fraca',
  'notification.battery_low.body': '{{device}} tem {{level}}% de bateria. Planeie a troca da bateria.',
  'notification.journey_finished.title': 'Viagem terminada',
  'notification.journey_finished.body': 'A viagem {{journey}} de {{vehicle}} terminou.',
  'notification.contract_expiring.title': 'Contrato prestes a expirar',
  'notification.contract_expiring.body': 'O contrato "{{contract}}" expira dentro de {{days}} dias.',
  'notification.contract_purchase.title': 'Contrato comprado',
  'notification.contract_purchase.body': 'O contrato "{{contract}}" de {{business}} foi comprado e está em vigor.',
  'notification.contract_pending.title': 'Contrato pendente',
  'notification.contract_pending.body': 'O contrato "{{contract}}" de {{business}} aguarda a compra.',
  'notification.contract_reaching_limit.title': 'Contrato perto do limite',
  'notification.contract_reaching_limit.body':
    'O contrato "{{contract}}" de {{business}} já usou {{percent}}% dos seus créditos ou tokens.',
  'notification.contract_period_over_usage.title': 'Créditos acima do limite do período',
  'notification.contract_period_over_usage.body':
    'O contrato "{{contract}}" de {{business}} gastou mais do que o limite deste período.',
  'notification.contract_expired.title': 'Contrato expirado',
  'notification.contract_expired.body':
    'O contrato "{{contract}}" de {{business}} expirou: as suas funcionalidades e créditos deixaram de se aplicar.',
  'notification.credit_refused.title': 'Mensagem não enviada: sem créditos',
  'notification.credit_refused.body':
    'O contrato "{{contract}}" atingiu o limite de créditos; não enviado para {{device}}: {{channel}}.',
  'notification.sigfox_tokens.title': 'Tokens Sigfox a {{percent}}%',
  'notification.sigfox_tokens.body':
    'O contrato {{type}} tem {{inUse}} dos seus {{max}} tokens em uso. Compre mais antes que novos dispositivos sejam recusados.',
  'notification.account_confirmed.title': 'Nova conta',
  'notification.account_confirmed.body': '{{email}} confirmou o seu endereço de e-mail e pode iniciar sessão.',
  'action.event_time': 'Hora: {{time}} ({{zone}}).',
};

export const MESSAGES: Record<Language, Record<MessageCode, string>> = { en, pt };

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(en, code);
}

/**
 * A message kept as text until it is shown (a zod issue, a form's field error): a code, or a code with its
 * parameters as a query string (`validation.max_length?max=64`), so it is worded in the language of the moment.
 */
export type Message = MessageCode | `${MessageCode}?${string}`;

export function messageOf(code: MessageCode, params: Record<string, string | number>): Message {
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return `${code}?${query}`;
}

/** The code and parameters of a message; undefined for any other text (one already worded, say). */
export function parseMessage(text: string): { code: MessageCode; params: Record<string, string> } | undefined {
  const [code = '', query] = text.split('?', 2);
  if (!isMessageCode(code)) return undefined;
  return { code, params: Object.fromEntries(new URLSearchParams(query ?? '')) };
}

/** The locale numbers and dates are written in: European Portuguese for `pt` (plain `pt` formats as in Brazil). */
export const FORMAT_LOCALES: Record<Language, string> = { en: 'en', pt: 'pt-PT' };

/** The parameters that are numbers in every message that has them (a limit, a range, a step). */
const NUMBER_PARAMS = new Set([
  'min',
  'max',
  'step',
  'limit',
  'minutes',
  'value',
  'level',
  'days',
  'percent',
  'inUse',
  'left',
]);

/**
 * A message's parameters as the language writes them: numbers with its decimal separator and digit grouping
 * (`0.05` reads `0,05` in Portuguese, `10000` reads `10,000` in English); the others as they are.
 */
export function wordedParams(language: Language, params: Record<string, string | number>): Record<string, string> {
  const worded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const number = NUMBER_PARAMS.has(name) && String(value).trim() !== '' ? Number(value) : Number.NaN;
    worded[name] = Number.isFinite(number)
      ? number.toLocaleString(FORMAT_LOCALES[language], { maximumFractionDigits: 20 })
      : String(value);
  }
  return worded;
}

/** The text of a code in a language, with `{{name}}` parameters filled in (`wordedParams`). */
export function translate(code: MessageCode, language: Language, params: Record<string, string | number> = {}): string {
  const worded = wordedParams(language, params);
  return MESSAGES[language][code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => worded[name] ?? whole);
}
