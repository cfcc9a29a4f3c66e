// Every infoleak detector, sorted by name. One line per detector; no self-registration.
import { AGE_SECRET_KEY } from './detectors/age-secret-key.ts';
import { AIRTABLE_TOKEN } from './detectors/airtable-token.ts';
import { ALIBABA_ACCESS_KEY } from './detectors/alibaba-access-key.ts';
import { ANTHROPIC_KEY } from './detectors/anthropic-key.ts';
import { ATLASSIAN_TOKEN } from './detectors/atlassian-token.ts';
import { AWS_ACCESS_KEY } from './detectors/aws-access-key.ts';
import { AWS_SECRET_KEY } from './detectors/aws-secret-key.ts';
import { AZURE_AD_CLIENT_SECRET } from './detectors/azure-ad-client-secret.ts';
import { AZURE_CONTAINER_REGISTRY_KEY } from './detectors/azure-container-registry-key.ts';
import { AZURE_DEVOPS_PAT } from './detectors/azure-devops-pat.ts';
import { AZURE_SAS_TOKEN } from './detectors/azure-sas-token.ts';
import { AZURE_STORAGE_KEY } from './detectors/azure-storage-key.ts';
import { CERTIFICATE } from './detectors/certificate.ts';
import { COHERE_KEY } from './detectors/cohere-key.ts';
import { COMMAND_LINE_PASSWORD } from './detectors/command-line-password.ts';
import { CONFIG_PASSWORD } from './detectors/config-password.ts';
import { CONTENTFUL_TOKEN } from './detectors/contentful-token.ts';
import { DATABRICKS_TOKEN } from './detectors/databricks-token.ts';
import { DEEPSEEK_KEY } from './detectors/deepseek-key.ts';
import { DIGITALOCEAN_TOKEN } from './detectors/digitalocean-token.ts';
import { DISCORD_WEBHOOK } from './detectors/discord-webhook.ts';
import { DOCKER_REGISTRY_AUTH } from './detectors/docker-registry-auth.ts';
import { DOCKERHUB_TOKEN } from './detectors/dockerhub-token.ts';
import { DOPPLER_TOKEN } from './detectors/doppler-token.ts';
import { DROPBOX_TOKEN } from './detectors/dropbox-token.ts';
import { DYNATRACE_TOKEN } from './detectors/dynatrace-token.ts';
import { EMAIL } from './detectors/email.ts';
import { FACEBOOK_TOKEN } from './detectors/facebook-token.ts';
import { FIREBASE_FCM_KEY } from './detectors/firebase-fcm-key.ts';
import { GCP_SERVICE_ACCOUNT } from './detectors/gcp-service-account.ts';
import { GITHUB_TOKEN } from './detectors/github-token.ts';
import { GITLAB_TOKEN } from './detectors/gitlab-token.ts';
import { GOOGLE_API_KEY } from './detectors/google-api-key.ts';
import { GOOGLE_OAUTH_SECRET } from './detectors/google-oauth-secret.ts';
import { GRAFANA_TOKEN } from './detectors/grafana-token.ts';
import { GROQ_KEY } from './detectors/groq-key.ts';
import { HEROKU_KEY } from './detectors/heroku-key.ts';
import { HTTP_BASIC_AUTH } from './detectors/http-basic-auth.ts';
import { HUGGINGFACE_TOKEN } from './detectors/huggingface-token.ts';
import { IPV4 } from './detectors/ipv4.ts';
import { IPV6 } from './detectors/ipv6.ts';
import { JFROG_KEY } from './detectors/jfrog-key.ts';
import { JWT } from './detectors/jwt.ts';
import { LANGSMITH_KEY } from './detectors/langsmith-key.ts';
import { LINEAR_KEY } from './detectors/linear-key.ts';
import { MAC_ADDRESS } from './detectors/mac-address.ts';
import { MAILCHIMP_KEY } from './detectors/mailchimp-key.ts';
import { MAILGUN_KEY } from './detectors/mailgun-key.ts';
import { MAPBOX_TOKEN } from './detectors/mapbox-token.ts';
import { MAVEN_SETTINGS_PASSWORD } from './detectors/maven-settings-password.ts';
import { MISTRAL_KEY } from './detectors/mistral-key.ts';
import { NEW_RELIC_KEY } from './detectors/new-relic-key.ts';
import { NOTION_TOKEN } from './detectors/notion-token.ts';
import { NPM_TOKEN } from './detectors/npm-token.ts';
import { OAUTH_CLIENT_SECRET } from './detectors/oauth-client-secret.ts';
import { OPENAI_KEY } from './detectors/openai-key.ts';
import { OPENROUTER_KEY } from './detectors/openrouter-key.ts';
import { PASSWORD_HASH } from './detectors/password-hash.ts';
import { PERPLEXITY_KEY } from './detectors/perplexity-key.ts';
import { PLANETSCALE_TOKEN } from './detectors/planetscale-token.ts';
import { POSTMAN_KEY } from './detectors/postman-key.ts';
import { PRIVATE_KEY } from './detectors/private-key.ts';
import { PRIVATE_PACKAGIST_TOKEN } from './detectors/private-packagist-token.ts';
import { PULUMI_TOKEN } from './detectors/pulumi-token.ts';
import { PUTTY_KEY } from './detectors/putty-key.ts';
import { PYPI_TOKEN } from './detectors/pypi-token.ts';
import { QUAY_ROBOT_TOKEN } from './detectors/quay-robot-token.ts';
import { REPLICATE_TOKEN } from './detectors/replicate-token.ts';
import { RUBYGEMS_KEY } from './detectors/rubygems-key.ts';
import { SENDGRID_KEY } from './detectors/sendgrid-key.ts';
import { SENTRY_TOKEN } from './detectors/sentry-token.ts';
import { SHELL_HISTORY } from './detectors/shell-history.ts';
import { SHOPIFY_TOKEN } from './detectors/shopify-token.ts';
import { SLACK_TOKEN } from './detectors/slack-token.ts';
import { SLACK_WEBHOOK } from './detectors/slack-webhook.ts';
import { SQUARE_TOKEN } from './detectors/square-token.ts';
import { STRIPE_KEY } from './detectors/stripe-key.ts';
import { SUPABASE_TOKEN } from './detectors/supabase-token.ts';
import { SYMFONY_DECRYPT_KEY } from './detectors/symfony-decrypt-key.ts';
import { SYMFONY_SECRET } from './detectors/symfony-secret.ts';
import { TELEGRAM_BOT_TOKEN } from './detectors/telegram-bot-token.ts';
import { TERRAFORM_TOKEN } from './detectors/terraform-token.ts';
import { TWILIO_KEY } from './detectors/twilio-key.ts';
import { TWITTER_BEARER_TOKEN } from './detectors/twitter-bearer-token.ts';
import { URL_DETECTOR } from './detectors/url.ts';
import { VAULT_TOKEN } from './detectors/vault-token.ts';
import { WIFI_PSK } from './detectors/wifi-psk.ts';
import { XAI_KEY } from './detectors/xai-key.ts';
import type { InfoleakDetector } from './types.ts';

export const DETECTORS: readonly InfoleakDetector[] = [
  AGE_SECRET_KEY,
  AIRTABLE_TOKEN,
  ALIBABA_ACCESS_KEY,
  ANTHROPIC_KEY,
  ATLASSIAN_TOKEN,
  AWS_ACCESS_KEY,
  AWS_SECRET_KEY,
  AZURE_AD_CLIENT_SECRET,
  AZURE_CONTAINER_REGISTRY_KEY,
  AZURE_DEVOPS_PAT,
  AZURE_SAS_TOKEN,
  AZURE_STORAGE_KEY,
  CERTIFICATE,
  COHERE_KEY,
  COMMAND_LINE_PASSWORD,
  CONFIG_PASSWORD,
  CONTENTFUL_TOKEN,
  DATABRICKS_TOKEN,
  DEEPSEEK_KEY,
  DIGITALOCEAN_TOKEN,
  DISCORD_WEBHOOK,
  DOCKER_REGISTRY_AUTH,
  DOCKERHUB_TOKEN,
  DOPPLER_TOKEN,
  DROPBOX_TOKEN,
  DYNATRACE_TOKEN,
  EMAIL,
  FACEBOOK_TOKEN,
  FIREBASE_FCM_KEY,
  GCP_SERVICE_ACCOUNT,
  GITHUB_TOKEN,
  GITLAB_TOKEN,
  GOOGLE_API_KEY,
  GOOGLE_OAUTH_SECRET,
  GRAFANA_TOKEN,
  GROQ_KEY,
  HEROKU_KEY,
  HTTP_BASIC_AUTH,
  HUGGINGFACE_TOKEN,
  IPV4,
  IPV6,
  JFROG_KEY,
  JWT,
  LANGSMITH_KEY,
  LINEAR_KEY,
  MAC_ADDRESS,
  MAILCHIMP_KEY,
  MAILGUN_KEY,
  MAPBOX_TOKEN,
  MAVEN_SETTINGS_PASSWORD,
  MISTRAL_KEY,
  NEW_RELIC_KEY,
  NOTION_TOKEN,
  NPM_TOKEN,
  OAUTH_CLIENT_SECRET,
  OPENAI_KEY,
  OPENROUTER_KEY,
  PASSWORD_HASH,
  PERPLEXITY_KEY,
  PLANETSCALE_TOKEN,
  POSTMAN_KEY,
  PRIVATE_KEY,
  PRIVATE_PACKAGIST_TOKEN,
  PULUMI_TOKEN,
  PUTTY_KEY,
  PYPI_TOKEN,
  QUAY_ROBOT_TOKEN,
  REPLICATE_TOKEN,
  RUBYGEMS_KEY,
  SENDGRID_KEY,
  SENTRY_TOKEN,
  SHELL_HISTORY,
  SHOPIFY_TOKEN,
  SLACK_TOKEN,
  SLACK_WEBHOOK,
  SQUARE_TOKEN,
  STRIPE_KEY,
  SUPABASE_TOKEN,
  SYMFONY_DECRYPT_KEY,
  SYMFONY_SECRET,
  TELEGRAM_BOT_TOKEN,
  TERRAFORM_TOKEN,
  TWILIO_KEY,
  TWITTER_BEARER_TOKEN,
  URL_DETECTOR,
  VAULT_TOKEN,
  WIFI_PSK,
  XAI_KEY,
];
