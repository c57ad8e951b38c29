// The questionnaire in SurveyJS's React renderer, as a product built on it would ship it.
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import 'survey-core/i18n/polish';
import { Survey } from 'survey-react-ui';

const definition = await (await fetch('definition.json')).json();
const survey = new Model(definition);
createRoot(document.getElementById('root')!).render(<Survey model={survey} />);
